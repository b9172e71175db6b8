import { forgetLostSession, forgetSession } from './session';

// Never silently signed out: every way a session ends lands on the login page with a
// message saying why, and the other tabs of this browser drop the account's data at once.

export type SignOutReason = 'loggedOut' | 'loggedOutEverywhere' | 'sessionEnded' | 'mfaSetupLeft';

export const REASONS: readonly SignOutReason[] = [
  'loggedOut',
  'loggedOutEverywhere',
  'sessionEnded',
  'mfaSetupLeft',
];

/** sessionStorage key of the reason the login page shows (not a session key: it outlives them). */
const REASON_KEY = 'signed_out';
/** The channel (and, without BroadcastChannel, the localStorage key) tabs tell each other on. */
export const CHANNEL = 'vestibule-session';

/** What one tab tells the others when a session ended there. */
export interface SessionEndNotice {
  reason: SignOutReason;
  /**
   * False when every session of the account ended (global logout): the others drop at once.
   * True when one session ended (a logout, a session revoked): each other tab asks the server
   * whether its own session is still alive, as tabs may hold different sessions.
   */
  verify: boolean;
}

/**
 * Forgets the session on this device (with the stored target kept when it was lost, not ended
 * by the user) and leaves the reason for the login page.
 */
export function endSession(reason: SignOutReason, { keepTarget = false } = {}): void {
  if (keepTarget) forgetLostSession();
  else forgetSession();
  try {
    window.sessionStorage.setItem(REASON_KEY, reason);
  } catch {
    // Without storage the login page shows no reason; the session is still forgotten.
  }
}

/** The reason the last session ended, once: the login page reads it when it opens. */
export function takeSignOutReason(): SignOutReason | null {
  try {
    const reason = window.sessionStorage.getItem(REASON_KEY);
    window.sessionStorage.removeItem(REASON_KEY);
    return REASONS.find((known) => known === reason) ?? null;
  } catch {
    return null;
  }
}

/** The channel between this browser's tabs, null without BroadcastChannel (then localStorage). */
let channel: BroadcastChannel | null | undefined;
export function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined)
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  return channel;
}

/** Tells the other tabs of this browser that a session ended here. */
export function announceSessionEnd(notice: SessionEndNotice): void {
  const bus = sessionChannel();
  if (bus) {
    bus.postMessage(notice);
    return;
  }
  try {
    // The storage event fires in the other tabs only; a time stamp makes every notice a change.
    window.localStorage.setItem(CHANNEL, JSON.stringify({ ...notice, at: Date.now() }));
    window.localStorage.removeItem(CHANNEL);
  } catch {
    // No way to tell the other tabs: each finds out at its next API answer (401).
  }
}
