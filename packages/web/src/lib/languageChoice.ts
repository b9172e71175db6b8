import type { Edition, Locale } from '@vestibule/contract/editions';
import type { User } from '@vestibule/contract/schemas/user';
import { changeLocale } from '../i18n';
import { apiRequest } from './api';
import { userLocale } from './language';
import { changedElsewhere, versioned } from './profileVersion';
import { loadedQueryClient } from './queryBridge';
import { cacheAccount, tokenStore } from './storage';

// Language choice sticks: a language the user picks (login page, header) is applied,
// remembered for the next visit (the locale cookie), and saved to the account — at once when
// logged in, else at the next login. The account's language then follows the last explicit choice.

/** localStorage: a choice made while logged out, not yet saved to an account. */
const UNSAVED_KEY = 'locale_unsaved';

function unsavedChoice(edition: Edition): Locale | undefined {
  try {
    const stored = window.localStorage.getItem(UNSAVED_KEY);
    return edition.locales.find((locale) => locale === stored);
  } catch {
    return undefined;
  }
}

function setUnsaved(locale: Locale | null): void {
  try {
    if (locale) window.localStorage.setItem(UNSAVED_KEY, locale);
    else window.localStorage.removeItem(UNSAVED_KEY);
  } catch {
    // Without storage the choice is not carried to the next login.
  }
}

/** The cached user, when the query client has loaded. */
function storeUser(update: (user: User) => User): void {
  const client = loadedQueryClient();
  const user = client?.getQueryData<User>(['user']);
  if (!client || !user) return;
  const updated = update(user);
  client.setQueryData(['user'], updated);
  cacheAccount(updated);
}

/**
 * PATCH /api/user {language} on the version of the user read. The choice changes the language
 * only: when the profile changed elsewhere (412), the screens take the current user and the
 * language is saved on it.
 */
async function patchLanguage(locale: Locale): Promise<void> {
  const send = () => apiRequest('/user', { method: 'PATCH', json: { language: locale }, ...versioned() });
  try {
    await send();
  } catch (error) {
    const current = changedElsewhere(error);
    if (!current) throw error;
    storeUser(() => current);
    await send();
  }
}

/** Saves the choice to the account; on failure the choice waits for the next page with the user. */
async function saveToAccount(locale: Locale): Promise<void> {
  try {
    await patchLanguage(locale);
    setUnsaved(null);
    storeUser((user) => ({ ...user, language: locale }));
  } catch {
    setUnsaved(locale);
  }
}

/** The user picked a language: apply it, remember it, and save it to the account. */
export async function chooseLocale(locale: Locale): Promise<void> {
  await changeLocale(locale);
  if (tokenStore.get() === null) setUnsaved(locale);
  else await saveToAccount(locale);
}

/**
 * Once the user is known (SPEC §1): a choice made before logging in wins and is saved to the
 * account; otherwise the account's language applies.
 */
export function applyUserLanguage(edition: Edition, user: User): void {
  const chosen = unsavedChoice(edition);
  if (!chosen) {
    void changeLocale(userLocale(edition, user.language));
    return;
  }
  void changeLocale(chosen);
  if (chosen === user.language) setUnsaved(null);
  else void saveToAccount(chosen);
}
