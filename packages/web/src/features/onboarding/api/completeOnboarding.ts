import { useMutation } from '@tanstack/react-query';
import { onboardingCompleteResponseSchema } from '@vestibule/contract/schemas/onboarding';
import { apiRequest } from '../../../lib/api';

/** POST /api/onboarding/{id}/complete: the password; the account is created. */
export function useCompleteOnboarding(id: string) {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest(`/onboarding/${encodeURIComponent(id)}/complete`, {
        method: 'POST',
        json: { password },
        schema: onboardingCompleteResponseSchema,
      }),
  });
}
