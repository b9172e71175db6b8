import { useMutation } from '@tanstack/react-query';
import { type OnboardingPhoneRequest, onboardingCodeResponseSchema } from '@vestibule/contract/schemas/onboarding';
import { apiRequest } from '../../../lib/api';

/** POST /api/onboarding/{id}/phone: an SMS code to the number. */
export function useSendPhoneCode(id: string) {
  return useMutation({
    mutationFn: (request: OnboardingPhoneRequest) =>
      apiRequest(`/onboarding/${encodeURIComponent(id)}/phone`, {
        method: 'POST',
        json: request,
        schema: onboardingCodeResponseSchema,
      }),
  });
}
