import { afterEach, describe, expect, it } from 'vitest';
import { listenForSessionEnd } from './sessionEndListener';
import { announceSessionEnd, endSession, type SessionEndNotice, takeSignOutReason } from './signOut';
import { tokenStore } from './storage';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('endSession and the login page reason', () => {
  it('forgets the session and leaves the reason for the login page, once', () => {
    tokenStore.set('token');
    endSession('loggedOutEverywhere');
    expect(tokenStore.get()).toBeNull();
    expect(takeSignOutReason()).toBe('loggedOutEverywhere');
    expect(takeSignOutReason()).toBeNull();
  });

  it('ignores a reason it does not know', () => {
    sessionStorage.setItem('signed_out', '<script>');
    expect(takeSignOutReason()).toBeNull();
  });
});

describe('tabs tell each other', () => {
  it('a notice announced on one channel reaches a listener of another', async () => {
    const received: SessionEndNotice[] = [];
    // Another tab: a channel of its own on the same name.
    const other = new BroadcastChannel('vestibule-session');
    other.addEventListener('message', (event) => received.push(event.data as SessionEndNotice));
    announceSessionEnd({ reason: 'loggedOutEverywhere', verify: false });
    await expect.poll(() => received).toEqual([{ reason: 'loggedOutEverywhere', verify: false }]);
    other.close();
  });

  it('a listener takes well-formed notices only', async () => {
    const received: SessionEndNotice[] = [];
    const stop = listenForSessionEnd((notice) => received.push(notice));
    const other = new BroadcastChannel('vestibule-session');
    other.postMessage({ reason: 'nonsense', verify: true });
    other.postMessage({ reason: 'sessionEnded', verify: true });
    await expect.poll(() => received).toEqual([{ reason: 'sessionEnded', verify: true }]);
    stop();
    other.close();
  });
});
