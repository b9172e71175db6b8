import type { TokenRequest, TokenResponse } from '@vestibule/contract/schemas/token';
import { ApiError, apiRequest, lazySchema } from '../../../lib/api';
import { closingAccountPath } from '../../../lib/closureTicket';
import { PATHS } from '../../../lib/paths';
import { removeSessionValue, setSessionValue } from '../../../lib/storage';
import { safeTargetPath, storedTargetUrl } from '../../../lib/targetUrl';

// The login page loads without zod (docs/performance.md): the answer's schemas load on submit.
const tokenResponseSchema = lazySchema(
  async () => (await import('@vestibule/contract/schemas/token')).tokenResponseSchema,
);
const mfaRequiredBodySchema = lazySchema(
  async () => (await import('@vestibule/contract/schemas/mfa')).mfaRequiredBodySchema,
);

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
  | { kind: 'mfa'; next: string }
  /** 409 account_closing: the account is in its grace period; `next` asks whether to keep it. */
  | { kind: 'closing'; next: string };

/**
 * Logs in: token, then the user (SPEC §4 "A 200 gives an access_token, which is stored, then the
 * user is refreshed"); a 401 carrying `mfa` sends the user to choose a verification method.
 */
export async function logIn(request: TokenRequest): Promise<LogInOutcome> {
  let answer: TokenResponse;
  try {
    mfaRequiredBodySchema.preload?.();
    answer = await createToken(request);
  } catch (error) {
    const closing = closingAccountPath(error);
    if (closing) return { kind: 'closing', next: closing };
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    const mfa = await Promise.resolve(mfaRequiredBodySchema.parse(error.body)).catch(() => undefined);
    if (!mfa) throw error;
    setSessionValue('loginPayload', mfa.mfa.payload);
    removeSessionValue('mfaPayload');
    const params = new URLSearchParams({ isLogin: 'true', methods: JSON.stringify(mfa.mfa.methods) });
    const target = safeTargetPath(storedTargetUrl(), window.location.origin);
    if (target) params.set('redirect', target);
    return { kind: 'mfa', next: `${PATHS.mfaMethods}?${params}` };
  }
  // Where a session goes next (lib/afterLogin.ts) loads once there is one.
  const { completeLogin } = await import('../../../lib/afterLogin');
  return { kind: 'authenticated', next: await completeLogin(answer.access_token, answer.weak_password) };
}
