import { apiRequest } from '../../../lib/api';
import { announceSessionEnd, endSession } from '../../../lib/signOut';
import { useAsyncAction } from '../../../lib/useAsyncAction';

/** DELETE /api/token: revokes this session server-side and clears the login cookie. */
export function deleteToken() {
  return apiRequest('/token', { method: 'DELETE' });
}

/** Logout (SPEC §4): revoke, then forget everything stored; the caller navigates to login. */
async function logOut(): Promise<void> {
  await deleteToken();
  endSession('loggedOut');
  // Other tabs may hold this same session (resumed from the login cookie).
  announceSessionEnd({ reason: 'loggedOut', verify: true });
}

/** The top bar's logout, on every page: a plain hook, so that pages load without TanStack Query. */
export function useLogOut() {
  return useAsyncAction(logOut);
}
