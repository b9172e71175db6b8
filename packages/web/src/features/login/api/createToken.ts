import { useMutation } from '@tanstack/react-query';
import { type TokenRequest, tokenResponseSchema } from '@vestibule/contract/schemas/token';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';
import { tokenStore } from '../../../lib/storage';
import { fetchUser, userQuery } from '../../../lib/user';

/** POST /api/token: the password grant of the portal's own login (form body, SPEC §7). */
export function createToken(request: TokenRequest) {
  // A 401 here is the MFA challenge of SPEC §4 "Login" (payload + methods), not a lost session.
  return apiRequest('/token', {
    method: 'POST',
    form: request,
    schema: tokenResponseSchema,
    expectUnauthorized: true,
  });
}

/**
 * Logs in: token, then the user (SPEC §4 "A 200 gives an access_token, which is stored, then the
 * user is refreshed"). The MFA issue turns the 401 answer into an `mfa` outcome here.
 */
async function logIn(request: TokenRequest): Promise<{ kind: 'authenticated' }> {
  const { access_token } = await createToken(request);
  tokenStore.set(access_token);
  queryClient.setQueryData(userQuery.queryKey, await fetchUser());
  return { kind: 'authenticated' };
}

export function useLogIn() {
  return useMutation({ mutationFn: logIn });
}
