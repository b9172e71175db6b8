import { apiRequest } from '../../../lib/api';
import { announceSessionEnd, endSession } from '../../../lib/signOut';

/** DELETE /api/token: revokes this session server-side and clears the login cookie. */
export function deleteToken() {
  return apiRequest('/token', { method: 'DELETE' });
}

/** Logout (SPEC §4): revoke, then forget everything stored; the caller navigates to login. */
export async function logOut(): Promise<void> {
  await deleteToken();
  endSession('loggedOut');
  // Other tabs may hold this same session (resumed from the login cookie).
  announceSessionEnd({ reason: 'loggedOut', verify: true });
}
