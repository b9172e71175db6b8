import { useMutation } from '@tanstack/react-query';
import { changePasswordResponseSchema } from '@vestibule/contract/schemas/security';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';
import { userQuery } from '../../../lib/user';

export interface ChangePasswordInput {
  current_password: string;
  password: string;
  end_other_sessions: boolean;
}

/** POST /api/user/password: needs a step-up; answers the new last change date. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest('/user/password', { method: 'POST', json: input, schema: changePasswordResponseSchema }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['security'] });
    },
  });
}
