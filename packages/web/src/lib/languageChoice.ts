import type { Locale } from '@vestibule/contract/editions';
import { changeLocale } from '../i18n';
import { tokenStore } from './storage';
import { setUnsaved } from './unsavedLanguage';

// Language choice sticks: a language the user picks (login page, header) is applied,
// remembered for the next visit (the locale cookie), and saved to the account — at once when
// logged in (lib/languageAccount.ts, loaded then), else at the next login. The account's language
// then follows the last explicit choice.

/** The user picked a language: apply it, remember it, and save it to the account. */
export async function chooseLocale(locale: Locale): Promise<void> {
  await changeLocale(locale);
  if (tokenStore.get() === null) setUnsaved(locale);
  else await (await import('./languageAccount')).saveToAccount(locale);
}
