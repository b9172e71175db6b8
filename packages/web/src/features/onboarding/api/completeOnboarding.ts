import { useMutation } from '@tanstack/react-query';
import { onboardingCompleteResponseSchema } from '@vestibule/contract/schemas/onboarding';
import { apiRequest } from '../../../lib/api';

/** POST /api/onboarding/complete: the password; the account is created. */
export function useCompleteOnboarding(id: string) {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest('/onboarding/complete', {
        method: 'POST',
        json: { flow: id, password },
        schema: onboardingCompleteResponseSchema,
      }),
  });
}
