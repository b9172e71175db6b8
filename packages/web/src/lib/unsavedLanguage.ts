import type { Edition, Locale } from '@vestibule/contract/editions';

// A language chosen and not yet saved to an account, kept until an account takes it: chosen while
// logged out, or while logged in with its save still on the way (lib/languageChoice.ts,
// lib/languageAccount.ts).

/** localStorage: a choice not yet saved to an account. */
const UNSAVED_KEY = 'locale_unsaved';

export function unsavedChoice(edition: Edition): Locale | undefined {
  try {
    const stored = window.localStorage.getItem(UNSAVED_KEY);
    return edition.locales.find((locale) => locale === stored);
  } catch {
    return undefined;
  }
}

export function setUnsaved(locale: Locale | null): void {
  try {
    if (locale) window.localStorage.setItem(UNSAVED_KEY, locale);
    else window.localStorage.removeItem(UNSAVED_KEY);
  } catch {
    // Without storage the choice is not carried to the next login.
  }
}
