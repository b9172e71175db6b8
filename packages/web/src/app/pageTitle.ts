import type { TFunction } from '../i18n';
import type { CoreMessages } from '../i18n/keys';
import { type AppPath, isAdminPath, normalizePath, PATHS } from '../lib/paths';

export type TitleKey = keyof CoreMessages['titles'];

/** The titles of the first route table's pages: the login, maintenance, the legal texts, the console. */
const ENTRY_TITLES = {
  [PATHS.home]: 'login',
  [PATHS.login]: 'login',
  [PATHS.loginEmail]: 'login',
  [PATHS.loginPhone]: 'login',
  [PATHS.maintenance]: 'maintenance',
  [PATHS.forgotPassword]: 'forgotPassword',
  [PATHS.privacy]: 'privacy',
  [PATHS.terms]: 'terms',
  [PATHS.admin]: 'admin',
} as const satisfies Partial<Record<AppPath, TitleKey>>;

/** The paths of the features' pages (app/featureRoutes.ts), whose titles load with their routes. */
export type FeaturePath = Exclude<AppPath, keyof typeof ENTRY_TITLES>;

let featureTitles: Partial<Record<AppPath, TitleKey>> = {};

/**
 * Every other route's title (app/featureTitles.ts), known with their route tables (app/router.tsx):
 * a path added to PATHS without a title in one of the two does not compile.
 */
export function addFeatureTitles(titles: Record<FeaturePath, TitleKey>): void {
  featureTitles = titles;
}

/**
 * The document title of a page, "Security · Vestibule" (SPEC §1 names `head.title`, which stays
 * the title of a path without a page of its own).
 */
export function pageTitle(path: string, t: TFunction, brand: string): string {
  // The console's sections share its title.
  const key = isAdminPath(path)
    ? 'admin'
    : ({ ...ENTRY_TITLES, ...featureTitles } as Partial<Record<string, TitleKey>>)[normalizePath(path)];
  return key ? t('head.page', { page: t(`titles.${key}`), brand }) : t('head.title', { brand });
}
