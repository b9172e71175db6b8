import { type Edition, type Locale, localeFor, startupLocale } from '@vestibule/contract/editions';

/** SPEC §1: at start-up the first supported browser language, else the edition's fallback. */
export function initialLocale(edition: Edition, browserLanguages: readonly string[]): Locale {
  return startupLocale(edition, browserLanguages);
}

/** SPEC §1: once the user is known, their language if the edition offers it, else the default. */
export function userLocale(edition: Edition, userLanguage: string | null | undefined): Locale {
  return localeFor(edition, userLanguage) ?? edition.defaultLocale;
}

/** BCP 47 tag for `<html lang>`: `fr_LU` → `fr-LU`. */
export function htmlLang(locale: Locale): string {
  return locale.replace('_', '-');
}
