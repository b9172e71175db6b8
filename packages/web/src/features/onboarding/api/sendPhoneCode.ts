import { useMutation } from '@tanstack/react-query';
import {
  type OnboardingPhoneRequest,
  onboardingCodeResponseSchema,
} from '@vestibule/contract/schemas/onboarding';
import { apiRequest } from '../../../lib/api';

/** POST /api/onboarding/phone: an SMS code to the number. */
export function useSendPhoneCode(id: string) {
  return useMutation({
    mutationFn: (request: Omit<OnboardingPhoneRequest, 'flow'>) =>
      apiRequest('/onboarding/phone', {
        method: 'POST',
        json: { flow: id, ...request },
        schema: onboardingCodeResponseSchema,
      }),
  });
}
