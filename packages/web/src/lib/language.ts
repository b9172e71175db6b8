import { LOCALE_COOKIE } from '@vestibule/contract/constants';
import { type Edition, entryLocale, type Locale, localeFor } from '@vestibule/contract/editions';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The language chosen last on this browser (the locale cookie), or null. */
export function storedLocaleChoice(cookies: string = document.cookie): string | null {
  for (const pair of cookies.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === LOCALE_COOKIE && value) return decodeURIComponent(value);
  }
  return null;
}

/**
 * Remembers the interface language for the next visit: the server then sends the pre-rendered
 * page in it (SPEC §1, stored choice first; docs/decisions/0021-locale-and-prerender-variants.md).
 */
export function storeLocaleChoice(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the Safari and Firefox versions we support; the value is a locale id from a fixed list.
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}

/**
 * SPEC §1 at start-up: the stored choice, then the first supported browser language, else the
 * edition's fallback; the server picks the pre-rendered page with the same rule.
 */
export function initialLocale(
  edition: Edition,
  browserLanguages: readonly string[],
  storedChoice: string | null = null,
): Locale {
  return entryLocale(edition, storedChoice, browserLanguages);
}

/** SPEC §1: once the user is known, their language if the edition offers it, else the default. */
export function userLocale(edition: Edition, userLanguage: string | null | undefined): Locale {
  return localeFor(edition, userLanguage) ?? edition.defaultLocale;
}

/** BCP 47 tag for `<html lang>`: `fr_LU` → `fr-LU`. */
export function htmlLang(locale: Locale): string {
  return locale.replace('_', '-');
}
