import { useMutation } from '@tanstack/react-query';
import { mfaRequiredBodySchema } from '@vestibule/contract/schemas/mfa';
import {
  type TokenRequest,
  type TokenResponse,
  tokenResponseSchema,
} from '@vestibule/contract/schemas/token';
import { completeLogin } from '../../../app/afterLogin';
import { PATHS } from '../../../app/paths';
import { ApiError, apiRequest } from '../../../lib/api';
import { removeSessionValue, setSessionValue } from '../../../lib/storage';
import { safeTargetPath, storedTargetUrl } from '../../../lib/targetUrl';

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

export type LogInOutcome =
  /** Logged in: `next` is weak-password, setup-mfa or the stored target. */
  | { kind: 'authenticated'; next: string }
  /** SPEC §4 "Login": 401 with an MFA payload, stored; `next` is mfa-methods in login mode. */
  | { kind: 'mfa'; next: string };

/**
 * Logs in: token, then the user (SPEC §4 "A 200 gives an access_token, which is stored, then the
 * user is refreshed"); a 401 carrying `mfa` sends the user to choose a verification method.
 */
async function logIn(request: TokenRequest): Promise<LogInOutcome> {
  let answer: TokenResponse;
  try {
    answer = await createToken(request);
  } catch (error) {
    const mfa =
      error instanceof ApiError && error.status === 401
        ? mfaRequiredBodySchema.safeParse(error.body)
        : undefined;
    if (!mfa?.success) throw error;
    setSessionValue('loginPayload', mfa.data.mfa.payload);
    removeSessionValue('mfaPayload');
    const params = new URLSearchParams({ isLogin: 'true', methods: JSON.stringify(mfa.data.mfa.methods) });
    const target = safeTargetPath(storedTargetUrl(), window.location.origin);
    if (target) params.set('redirect', target);
    return { kind: 'mfa', next: `${PATHS.mfaMethods}?${params}` };
  }
  return { kind: 'authenticated', next: await completeLogin(answer.access_token, answer.weak_password) };
}

export function useLogIn() {
  return useMutation({ mutationFn: logIn });
}
