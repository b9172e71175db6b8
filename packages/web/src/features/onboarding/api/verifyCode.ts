import { useMutation } from '@tanstack/react-query';
import { type OnboardingVerifyRequest, onboardingStateSchema } from '@vestibule/contract/schemas/onboarding';
import { apiRequest } from '../../../lib/api';

/** POST /api/onboarding/verify: the e-mail or SMS code. */
export function useVerifyCode(id: string) {
  return useMutation({
    mutationFn: (request: Omit<OnboardingVerifyRequest, 'flow'>) =>
      apiRequest('/onboarding/verify', {
        method: 'POST',
        json: { flow: id, ...request },
        schema: onboardingStateSchema,
      }),
  });
}
