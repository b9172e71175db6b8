import { SESSION_KEYS } from '@vestibule/contract/constants';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetLostSession, forgetSession } from './session';
import { sessionValue, tokenStore } from './storage';
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
