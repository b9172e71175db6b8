import { useMutation } from '@tanstack/react-query';
import {
  type ForgotPasswordResendRequest,
  forgotPasswordResponseSchema,
} from '@vestibule/contract/schemas/recovery';
import { apiRequest } from '../../../lib/api';

/** POST /api/user/forgot-password/resend: a new code by e-mail or SMS, after the countdown. */
export function resendResetCode(request: ForgotPasswordResendRequest) {
  return apiRequest('/user/forgot-password/resend', {
    method: 'POST',
    json: request,
    schema: forgotPasswordResponseSchema,
  });
}

export function useResendResetCode() {
  return useMutation({ mutationFn: resendResetCode });
}
