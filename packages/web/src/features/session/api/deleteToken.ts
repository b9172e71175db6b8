import { apiRequest } from '../../../lib/api';
import { forgetSession } from '../../../lib/session';
import { useAsyncAction } from '../../../lib/useAsyncAction';

/** DELETE /api/token: revokes this session server-side and clears the login cookie. */
export function deleteToken() {
  return apiRequest('/token', { method: 'DELETE' });
}

/** Logout (SPEC §4): revoke, then forget everything stored; the caller navigates to login. */
async function logOut(): Promise<void> {
  await deleteToken();
  forgetSession();
}

/** The top bar's logout, on every page: a plain hook, so that pages load without TanStack Query. */
export function useLogOut() {
  return useAsyncAction(logOut);
}
