import { useMutation } from '@tanstack/react-query';
import { type OnboardingAccountRequest, onboardingStateSchema } from '@vestibule/contract/schemas/onboarding';
import { apiRequest } from '../../../lib/api';

/** POST /api/onboarding/account: names and e-mail of the new account. */
export function useDescribeAccount(id: string) {
  return useMutation({
    mutationFn: (request: Omit<OnboardingAccountRequest, 'flow'>) =>
      apiRequest('/onboarding/account', {
        method: 'POST',
        json: { flow: id, ...request },
        schema: onboardingStateSchema,
      }),
  });
}
