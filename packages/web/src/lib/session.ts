import { loadedQueryClient } from './queryBridge';
import { clearSessionState } from './storage';

/**
 * Forgets the session on this device (SPEC §4 "Logout": stored state cleared, user reset):
 * session-scoped keys, the `account` cache and every cached query. The device id stays.
 */
export function forgetSession(): void {
  clearSessionState();
  // Before the query client has loaded, nothing is cached.
  loadedQueryClient()?.removeQueries();
}
