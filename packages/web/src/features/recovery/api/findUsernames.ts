import { useMutation } from '@tanstack/react-query';
import {
  type ForgotUsernameRequest,
  forgotUsernameResponseSchema,
} from '@vestibule/contract/schemas/recovery';
import { apiRequest } from '../../../lib/api';

/** POST /api/user/forgot-username: the masked usernames linked to a card or national number. */
export function findUsernames(request: ForgotUsernameRequest) {
  return apiRequest('/user/forgot-username', {
    method: 'POST',
    json: request,
    schema: forgotUsernameResponseSchema,
  });
}

export function useFindUsernames() {
  return useMutation({ mutationFn: findUsernames });
}
