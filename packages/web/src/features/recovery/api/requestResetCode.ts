import { useMutation } from '@tanstack/react-query';
import {
  type ForgotPasswordRequest,
  forgotPasswordResponseSchema,
} from '@vestibule/contract/schemas/recovery';
import { apiRequest } from '../../../lib/api';

/** POST /api/user/forgot-password: a code to the e-mail or phone typed (same answer if unknown). */
export function requestResetCode(request: ForgotPasswordRequest) {
  return apiRequest('/user/forgot-password', {
    method: 'POST',
    json: request,
    schema: forgotPasswordResponseSchema,
  });
}

export function useRequestResetCode() {
  return useMutation({ mutationFn: requestResetCode });
}
