import { useMutation } from '@tanstack/react-query';
import { onboardingCodeResponseSchema } from '@vestibule/contract/schemas/onboarding';
import { apiRequest } from '../../../lib/api';

/** POST /api/onboarding/resend: a new code after the countdown. */
export function useResendCode(id: string) {
  return useMutation({
    mutationFn: (payload: string) =>
      apiRequest('/onboarding/resend', {
        method: 'POST',
        json: { flow: id, payload },
        schema: onboardingCodeResponseSchema,
      }),
  });
}
