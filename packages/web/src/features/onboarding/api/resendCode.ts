import { useMutation } from '@tanstack/react-query';
import { onboardingCodeResponseSchema } from '@vestibule/contract/schemas/onboarding';
import { apiRequest } from '../../../lib/api';

/** POST /api/onboarding/{id}/resend: a new code after the countdown. */
export function useResendCode(id: string) {
  return useMutation({
    mutationFn: (payload: string) =>
      apiRequest(`/onboarding/${encodeURIComponent(id)}/resend`, {
        method: 'POST',
        json: { payload },
        schema: onboardingCodeResponseSchema,
      }),
  });
}
