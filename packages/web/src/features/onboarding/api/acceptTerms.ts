import { useMutation } from '@tanstack/react-query';
import { type OnboardingTermsRequest, onboardingStateSchema } from '@vestibule/contract/schemas/onboarding';
import { apiRequest } from '../../../lib/api';

/** POST /api/onboarding/terms: terms and privacy (required), marketing preferences. */
export function useAcceptTerms(id: string) {
  return useMutation({
    mutationFn: (request: Omit<OnboardingTermsRequest, 'flow'>) =>
      apiRequest('/onboarding/terms', {
        method: 'POST',
        json: { flow: id, ...request },
        schema: onboardingStateSchema,
      }),
  });
}
