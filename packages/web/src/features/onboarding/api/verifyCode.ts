import { useMutation } from '@tanstack/react-query';
import { type OnboardingVerifyRequest, onboardingStateSchema } from '@vestibule/contract/schemas/onboarding';
import { apiRequest } from '../../../lib/api';

/** POST /api/onboarding/{id}/verify: the e-mail or SMS code. */
export function useVerifyCode(id: string) {
  return useMutation({
    mutationFn: (request: OnboardingVerifyRequest) =>
      apiRequest(`/onboarding/${encodeURIComponent(id)}/verify`, {
        method: 'POST',
        json: request,
        schema: onboardingStateSchema,
      }),
  });
}
