import { useMutation } from '@tanstack/react-query';
import { type OnboardingTermsRequest, onboardingStateSchema } from '@vestibule/contract/schemas/onboarding';
import { apiRequest } from '../../../lib/api';

/** POST /api/onboarding/{id}/terms: terms and privacy (required), marketing preferences. */
export function useAcceptTerms(id: string) {
  return useMutation({
    mutationFn: (request: OnboardingTermsRequest) =>
      apiRequest(`/onboarding/${encodeURIComponent(id)}/terms`, {
        method: 'POST',
        json: request,
        schema: onboardingStateSchema,
      }),
  });
}
