import { useMutation } from '@tanstack/react-query';
import { type OnboardingAccountRequest, onboardingStateSchema } from '@vestibule/contract/schemas/onboarding';
import { apiRequest } from '../../../lib/api';

/** POST /api/onboarding/{id}/account: names and e-mail of the new account. */
export function useDescribeAccount(id: string) {
  return useMutation({
    mutationFn: (request: OnboardingAccountRequest) =>
      apiRequest(`/onboarding/${encodeURIComponent(id)}/account`, {
        method: 'POST',
        json: request,
        schema: onboardingStateSchema,
      }),
  });
}
