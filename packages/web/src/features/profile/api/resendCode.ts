import { mfaChallengeResponseSchema } from '@vestibule/contract/schemas/mfa';
import { apiRequest } from '../../../lib/api';

/** POST /api/mfa/resend {payload}: the one resend of every session-bound code challenge (0005). */
export function resendCode(payload: string) {
  return apiRequest('/mfa/resend', { method: 'POST', json: { payload }, schema: mfaChallengeResponseSchema });
}
