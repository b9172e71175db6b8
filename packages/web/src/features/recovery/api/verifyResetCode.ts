import { useMutation } from '@tanstack/react-query';
import { type ResetCodeRequest, resetCodeResponseSchema } from '@vestibule/contract/schemas/recovery';
import { apiRequest } from '../../../lib/api';

/** POST /api/user/forgot-password/verify: the code, traded for a single-use reset token. */
export function verifyResetCode(request: ResetCodeRequest) {
  return apiRequest('/user/forgot-password/verify', {
    method: 'POST',
    json: request,
    schema: resetCodeResponseSchema,
  });
}

export function useVerifyResetCode() {
  return useMutation({ mutationFn: verifyResetCode });
}
