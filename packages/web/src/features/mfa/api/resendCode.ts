import { useMutation } from '@tanstack/react-query';
import { mfaChallengeResponseSchema } from '@vestibule/contract/schemas/mfa';
import { apiRequest } from '../../../lib/api';

/** POST /api/mfa/resend {payload}: a new code once the countdown is over (429 + Retry-After before). */
export function resendCode(payload: string, login: boolean) {
  return apiRequest('/mfa/resend', {
    method: 'POST',
    json: { payload },
    schema: mfaChallengeResponseSchema,
    expectUnauthorized: login,
  });
}

export function useResendCode(login: boolean) {
  return useMutation({ mutationFn: (payload: string) => resendCode(payload, login) });
}
