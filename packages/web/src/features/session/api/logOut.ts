import { deleteToken } from '../../../lib/dropToken';
import { announceSessionEnd, endSession } from '../../../lib/signOut';

/** Logout (SPEC §4): revoke, then forget everything stored; the caller navigates to login. */
export async function logOut(): Promise<void> {
  await deleteToken();
  endSession('loggedOut');
  // Other tabs may hold this same session (resumed from the login cookie).
  announceSessionEnd({ reason: 'loggedOut', verify: true });
}
