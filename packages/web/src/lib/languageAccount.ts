import type { Edition, Locale } from '@vestibule/contract/editions';
import type { User } from '@vestibule/contract/schemas/user';
import { changeLocale } from '../i18n';
import { apiRequest } from './api';
import { currentEdition } from './edition';
import { userLocale } from './language';
import { changedElsewhere, versioned } from './profileVersion';
import { loadedQueryClient } from './queryBridge';
import { cacheAccount } from './storage';
import { setUnsaved, unsavedChoice } from './unsavedLanguage';

// The account's side of a language choice (lib/languageChoice.ts): saved to the account, and the
// account's language applied once the user is known. Loaded with a session, not by the login page.

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

/**
 * Saves the choice to the account. It is kept as unsaved until the account has it: a failed save,
 * or one cut short by a reload or a closed tab, is made again on the next page with the user.
 */
export async function saveToAccount(locale: Locale): Promise<void> {
  setUnsaved(locale);
  try {
    await patchLanguage(locale);
  } catch {
    return;
  }
  // Forgotten once the account has it, unless a later choice is waiting for its own save.
  if (unsavedChoice(currentEdition()) === locale) setUnsaved(null);
  storeUser((user) => ({ ...user, language: locale }));
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
