import { createRoot, hydrateRoot } from 'react-dom/client';
import './global.css';
import { App } from './app/App';
import { boot } from './app/boot';
import { focusFirstInvalidFieldOnSubmit } from './app/focusInvalidField';
import { type PrerenderedPage, prepareRoutes, prerenderedPage } from './app/hydration';
import {
  addFeatureRoutes,
  createAppRouter,
  createAppRoutes,
  decideFor,
  loadNavigationRules,
  type RouterHolder,
} from './app/router';
import { currentLocale, pseudoLocaleOn } from './i18n';
import { readConfig } from './lib/config';
import { currentEdition } from './lib/edition';
import { normalizePath } from './lib/paths';

/**
 * The pre-rendered HTML is what this visitor's first render gives: same page, edition and language,
 * and the guard lets the page show (no session token, no maintenance, no pending MFA setup). The
 * pseudo-locale's texts are never pre-rendered.
 */
function matchesFirstRender(page: PrerenderedPage, url: URL): boolean {
  return (
    page.path === normalizePath(url.pathname) &&
    page.edition === currentEdition().id &&
    page.locale === currentLocale() &&
    !pseudoLocaleOn() &&
    decideFor(url, null) === null
  );
}

async function start(): Promise<void> {
  focusFirstInvalidFieldOnSubmit();
  const container = document.getElementById('root')!;
  const page = prerenderedPage(container);
  const { resumed } = await boot(page?.locale);
  const holder: RouterHolder = { current: null };
  const routes = createAppRoutes(holder);
  const url = new URL(window.location.href);
  await loadNavigationRules(url.pathname);
  const hydrationData =
    page && matchesFirstRender(page, url)
      ? await addFeatureRoutes(routes, url.pathname).then(() => prepareRoutes(routes, url))
      : undefined;

  if (!hydrationData) {
    // No pre-rendered page to take over: the guard must know of a resumed session before it runs.
    await resumed;
    createRoot(container).render(<App router={createAppRouter(routes, holder)} />);
    return;
  }
  // The pre-rendered form is usable at once; a live login cookie found meanwhile sends the
  // visitor on through the guard, as a page load with a session would.
  const router = createAppRouter(routes, holder, hydrationData);
  hydrateRoot(container, <App router={router} />);
  if (await resumed) {
    const { pathname, search, hash } = window.location;
    void router.navigate(`${pathname}${search}${hash}`, { replace: true });
  }
}

/** Error reports only when the server configured them (SENTRY_DSN_WEB): a chunk of its own. */
function startErrorReportingIfConfigured() {
  const settings = readConfig().errorReporting;
  if (settings) void import('./lib/errorReporting').then((module) => module.startErrorReporting(settings));
}

startErrorReportingIfConfigured();
void start();
