import { useMutation } from '@tanstack/react-query';
import {
  type OnboardingEmailRequest,
  onboardingCodeResponseSchema,
} from '@vestibule/contract/schemas/onboarding';
import { apiRequest } from '../../../lib/api';

/** POST /api/onboarding/email: a code to the current e-mail, or to another one. */
export function useSendEmailCode(id: string) {
  return useMutation({
    mutationFn: (request: Omit<OnboardingEmailRequest, 'flow'>) =>
      apiRequest('/onboarding/email', {
        method: 'POST',
        json: { flow: id, ...request },
        schema: onboardingCodeResponseSchema,
      }),
  });
}
