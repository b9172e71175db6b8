import { EDITIONS } from '@vestibule/contract/editions';
import type { User } from '@vestibule/contract/schemas/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../i18n';
import { applyUserLanguage } from './languageAccount';
import { chooseLocale } from './languageChoice';
import { tokenStore } from './storage';

const user = { id: 7, language: 'en' } as User;
let patches: unknown[];

beforeEach(async () => {
  await initI18n('en');
  patches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      patches.push(JSON.parse(String(init.body)));
      return new Response(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('language choice sticks', () => {
  it('a choice made before logging in wins over the account language and is saved to it', async () => {
    await chooseLocale('fr');
    expect(patches).toEqual([]);
    applyUserLanguage(EDITIONS.general, user);
    await vi.waitFor(() => expect(patches).toEqual([{ language: 'fr' }]));
    expect(i18n.language).toBe('fr');
    // Saved: the next login follows the account again.
    applyUserLanguage(EDITIONS.general, { ...user, language: 'fr' });
    expect(patches).toHaveLength(1);
  });

  it('without a choice, the account language applies (SPEC §1)', async () => {
    applyUserLanguage(EDITIONS.general, { ...user, language: 'nl' });
    await vi.waitFor(() => expect(i18n.language).toBe('nl'));
    expect(patches).toEqual([]);
  });

  it('a choice made while logged in is saved at once', async () => {
    tokenStore.set('token');
    await chooseLocale('nl');
    expect(patches).toEqual([{ language: 'nl' }]);
  });

  it('a save cut short by a reload is made again on the next page with the user', async () => {
    tokenStore.set('token');
    // The page goes before the account answers: the request never settles in it.
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        patches.push(JSON.parse(String(init.body)));
        return new Promise<Response>(() => {});
      }),
    );
    void chooseLocale('nl');
    await vi.waitFor(() => expect(patches).toEqual([{ language: 'nl' }]));
    // The next page: the account still speaks English, the choice wins and is sent again.
    applyUserLanguage(EDITIONS.general, user);
    await vi.waitFor(() => expect(patches).toEqual([{ language: 'nl' }, { language: 'nl' }]));
    expect(i18n.language).toBe('nl');
  });
});
