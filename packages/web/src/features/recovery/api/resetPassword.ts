import { useMutation } from '@tanstack/react-query';
import { type ResetPasswordRequest, resetPasswordResponseSchema } from '@vestibule/contract/schemas/recovery';
import { apiRequest } from '../../../lib/api';

/** POST /api/user/reset-password: the new password with the reset token; answers true. */
export function resetPassword(request: ResetPasswordRequest) {
  return apiRequest('/user/reset-password', {
    method: 'POST',
    json: request,
    schema: resetPasswordResponseSchema,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
