// The build's pre-rendering (docs/decisions/0020-react-prerendered-entry-screens.md): built by Vite
// as a Node module (vite.prerender.config.ts) and run by scripts/prerender.mjs, which writes one
// HTML page per entry screen, edition and language. The browser hydrates them (main.tsx).
import { EDITION_IDS, EDITIONS, type EditionId, type Locale } from '@vestibule/contract/editions';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from './app/App';
import { prepareRoutes } from './app/hydration';
import { PATHS } from './app/paths';
import { createAppRoutes } from './app/router';
import { EDITION_ASSETS } from './editions/assets';
import { i18n, initI18n } from './i18n';
import { setCurrentEdition } from './lib/edition';
import { htmlLang } from './lib/language';
import { pageTitle } from './app/pageTitle';

/** The public entry screens (issue 17): what a visitor reaches first, without a session. */
export const PRERENDERED_PATHS: readonly string[] = [
  PATHS.loginEmail,
  PATHS.loginPhone,
  PATHS.forgotPasswordEmail,
  PATHS.forgotPasswordPhone,
  PATHS.forgotUsername,
  PATHS.onboarding,
  PATHS.maintenance,
];

/** Every edition with the languages it offers. */
export const EDITION_LOCALES: Record<EditionId, readonly Locale[]> = Object.fromEntries(
  EDITION_IDS.map((id) => [id, EDITIONS[id].locales]),
) as Record<EditionId, readonly Locale[]>;

export interface RenderedScreen {
  /** The markup of `#root`. */
  html: string;
  title: string;
  /** `<html lang>`. */
  lang: string;
  favicon: string;
}

/** Renders one screen as the browser's first render will (same routes, same texts). */
export async function renderScreen(editionId: EditionId, locale: Locale, path: string): Promise<RenderedScreen> {
  const edition = EDITIONS[editionId];
  setCurrentEdition(edition);
  await initI18n(locale);
  const routes = createAppRoutes();
  const url = new URL(path, 'http://prerender.invalid');
  const hydrationData = await prepareRoutes(routes, url);
  if (!hydrationData) throw new Error(`${path}: a matched loader has no route id`);
  const router = createMemoryRouter(routes, { initialEntries: [path], hydrationData });
  const html = renderToString(<App router={router} />);
  return {
    html,
    title: pageTitle(path, i18n.t, edition.brandName),
    lang: htmlLang(locale),
    favicon: EDITION_ASSETS[editionId].favicon,
  };
}
