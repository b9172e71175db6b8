// The build's pre-rendering (docs/decisions/0020-react-prerendered-entry-screens.md): built by Vite
// as a Node module (vite.prerender.config.ts) and run by scripts/prerender.mjs, which writes one
// HTML page per entry screen, edition and language. The browser hydrates them (main.tsx).
import { EDITION_IDS, EDITIONS, type EditionId, type Locale } from '@vestibule/contract/editions';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from './app/App';
import { prepareRoutes } from './app/hydration';
import { pageTitle } from './app/pageTitle';
import { addFeatureRoutes, createAppRoutes } from './app/router';
import { EDITION_ASSETS } from './editions/assets';
import { i18n, initI18n } from './i18n';
import { catalogModule } from './i18n/bundles';
import { setCurrentEdition } from './lib/edition';
import { htmlLang } from './lib/language';
import { PATHS } from './lib/paths';

// The query layout's pages: its module and the features' route tables under it (app/featureRoutes.ts).
const QUERY_LAYOUT = ['src/app/layout/QueryLayout.tsx', 'src/app/featureRoutes.ts'];

/**
 * The public entry screens, what a visitor reaches first without a session, with the
 * lazy modules (Vite manifest keys) their routes load: the page links their scripts and styles so
 * that it shows styled before any script runs, and hydrates without waiting for them one by one.
 * scripts/prerender.mjs fails the build if a rendered class lives in a style sheet not linked.
 */
export const PRERENDERED_SCREENS: readonly { path: string; modules: readonly string[]; areas: boolean }[] = [
  { path: PATHS.loginEmail, modules: [], areas: false },
  { path: PATHS.loginPhone, modules: [], areas: false },
  {
    path: PATHS.forgotPasswordEmail,
    modules: [...QUERY_LAYOUT, 'src/features/recovery/routes/ForgotPasswordRoute.tsx'],
    areas: true,
  },
  {
    path: PATHS.forgotPasswordPhone,
    modules: [...QUERY_LAYOUT, 'src/features/recovery/routes/ForgotPasswordRoute.tsx'],
    areas: true,
  },
  {
    path: PATHS.forgotUsername,
    modules: [...QUERY_LAYOUT, 'src/features/recovery/routes/ForgotUsernameRoute.tsx'],
    areas: true,
  },
  {
    path: PATHS.onboarding,
    modules: [...QUERY_LAYOUT, 'src/features/onboarding/routes/HomeRoute.tsx'],
    areas: true,
  },
  {
    path: PATHS.maintenance,
    // Its loader brings the texts of every language it shows (maintenanceLocales): Dutch, French
    // and English, and the Luxembourg edition's overlays.
    modules: [
      'src/features/maintenance/routes/MaintenanceRoute.tsx',
      ...(['nl', 'fr', 'en', 'fr_LU', 'en_LU'] as const).flatMap((locale) => textModules(locale, false)),
    ],
    areas: false,
  },
];

/** The contract's module of a language's API error messages (the core part carries them, bundles.ts). */
function errorModule(locale: Locale): string {
  return `../contract/src/i18n/catalogs/${locale.slice(0, 2)}/errors.json`;
}

/**
 * The text modules a locale loads (i18n/bundles.ts): its core catalog (its language's and its
 * overlay for Luxembourg's English and French) with its error messages; and the feature areas'
 * catalog the same way, for pages inside QueryLayout.
 */
export function textModules(locale: Locale, areas: boolean): string[] {
  const base = locale.endsWith('_LU') && locale !== 'de_LU' ? (locale.slice(0, 2) as Locale) : locale;
  const overlay = base === locale ? [] : [catalogModule(locale, 'overlay')];
  return [
    catalogModule(base, 'core'),
    errorModule(locale),
    ...overlay,
    ...(areas ? [catalogModule(base, 'areas')] : []),
  ];
}

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
export async function renderScreen(
  editionId: EditionId,
  locale: Locale,
  path: string,
): Promise<RenderedScreen> {
  const edition = EDITIONS[editionId];
  setCurrentEdition(edition);
  await initI18n(locale);
  const routes = createAppRoutes();
  const url = new URL(path, 'http://prerender.invalid');
  await addFeatureRoutes(routes, path);
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
