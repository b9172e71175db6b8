import { forgetProfileVersion } from './profileVersion';
import { loadedQueryClient } from './queryBridge';
import { clearSessionState } from './storage';
import { storedTargetUrl, storeTargetUrl } from './targetUrl';

/**
 * Forgets the session on this device (SPEC §4 "Logout": stored state cleared, user reset):
 * session-scoped keys, the `account` cache and every cached query. The device id stays.
 */
export function forgetSession(): void {
  clearSessionState();
  forgetProfileVersion();
  // Before the query client has loaded, nothing is cached.
  loadedQueryClient()?.removeQueries();
}

/**
 * A session the server no longer knows (an API answer of 401): forgotten like a logout, except
 * where the user was going. A query that answers 401 right after a re-authentication stored its
 * /approve target (decision 0030) must not wipe it, or the new login lands on the dashboard.
 */
export function forgetLostSession(): void {
  const target = storedTargetUrl();
  forgetSession();
  if (target) storeTargetUrl(target);
}
