import { useMutation } from '@tanstack/react-query';
import { type MfaVerifyRequest, mfaVerifyResponseSchema } from '@vestibule/contract/schemas/mfa';
import { apiRequest } from '../../../lib/api';

/** POST /api/mfa/sudo {payload, code, isTrustedDevice}: a login session or a step-up grant. */
export function verifyCode(request: MfaVerifyRequest, login: boolean) {
  return apiRequest('/mfa/sudo', {
    method: 'POST',
    json: request,
    schema: mfaVerifyResponseSchema,
    expectUnauthorized: login,
  });
}

export function useVerifyCode(login: boolean) {
  return useMutation({ mutationFn: (request: MfaVerifyRequest) => verifyCode(request, login) });
}
