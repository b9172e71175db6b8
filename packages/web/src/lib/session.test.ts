import { ACCOUNT_STORAGE_KEY, SESSION_KEYS } from '@vestibule/contract/constants';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetLostSession, forgetSession } from './session';
import { cacheAccount, forgetCachedAccount, sessionValue, tokenStore } from './storage';
import { storedTargetUrl, storeTargetUrl } from './targetUrl';

describe('forgetting a session', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    tokenStore.set('a-session-token');
    window.sessionStorage.setItem(SESSION_KEYS.mfaForced, 'true');
    storeTargetUrl('/approve?uid=abc');
  });

  it('a logout forgets the token, the session state and the target', () => {
    forgetSession();
    expect(tokenStore.get()).toBeNull();
    expect(sessionValue('mfaForced')).toBeNull();
    expect(storedTargetUrl()).toBeNull();
  });

  it('a lost session forgets the token and the session state but keeps where the user was going', () => {
    forgetLostSession();
    expect(tokenStore.get()).toBeNull();
    expect(sessionValue('mfaForced')).toBeNull();
    expect(storedTargetUrl()).toBe('/approve?uid=abc');
  });
});

describe('the cached account', () => {
  const user = {
    id: 7,
    firstname: 'Emma',
    lastname: 'Peeters',
    language: 'en',
    email: [{ email: 'emma@example.com' }],
    iban: 'BE68539007547034',
    birthdate: '1990-01-01',
  };

  it('keeps only what the first paint needs: the first name and the language', () => {
    // A whole GET /api/user answer goes in; only two fields come out.
    cacheAccount(user);
    expect(JSON.parse(window.localStorage.getItem(ACCOUNT_STORAGE_KEY) ?? 'null')).toEqual({
      firstname: 'Emma',
      language: 'en',
    });
  });

  it('goes with the session, and when no session is left to resume', () => {
    cacheAccount(user);
    forgetSession();
    expect(window.localStorage.getItem(ACCOUNT_STORAGE_KEY)).toBeNull();
    cacheAccount(user);
    forgetCachedAccount();
    expect(window.localStorage.getItem(ACCOUNT_STORAGE_KEY)).toBeNull();
  });
});
