// The one script index.html names, about a kilobyte: it starts the app (main.tsx, an entry of
// its own in vite.config.ts) once the browser has painted, so that a pre-rendered page shows
// before the app's code is fetched and compiled (issue 17, decision 0020). The build writes the
// app's script address into `data-app` and links its styles (scripts/prerender.mjs).
import { startEarlyRequests } from './earlyRequests';

function startApp(): void {
  const src = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
  if (src) {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    document.head.append(script);
  } else if (import.meta.env.DEV) {
    // `vite dev` serves the sources as they are.
    void import('./main');
  }
}

/**
 * A click on one of the page's own links before the app has hydrated is held, and the app follows
 * it as a client-side navigation (RootRoute.tsx): a full page load would forget where the visitor
 * came from, which the onboarding entry order needs (SPEC §2).
 */
function holdEarlyLinkClicks(): void {
  const html = document.documentElement;
  document.addEventListener(
    'click',
    (event) => {
      if (html.dataset.hydrated !== undefined || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      if (link.target || link.hasAttribute('download') || link.getAttribute('href')?.startsWith('#')) return;
      event.preventDefault();
      html.dataset.pendingHref = `${link.pathname}${link.search}${link.hash}`;
    },
    true,
  );
}

if (document.getElementById('root')?.hasChildNodes()) {
  holdEarlyLinkClicks();
  requestAnimationFrame(() => setTimeout(startApp, 0));
} else {
  // Nothing pre-rendered to paint (index.html), mostly a signed-in page in a new tab: the session
  // requests go out while the app's code downloads, and the app starts at once.
  startEarlyRequests();
  startApp();
}
