import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { forgetSession } from '../../../lib/session';

/** DELETE /api/token: revokes this session server-side and clears the login cookie. */
export function deleteToken() {
  return apiRequest('/token', { method: 'DELETE' });
}

/** Logout (SPEC §4): revoke, then forget everything stored; the caller navigates to login. */
export function useLogOut() {
  return useMutation({
    mutationFn: deleteToken,
    onSuccess: forgetSession,
  });
}
