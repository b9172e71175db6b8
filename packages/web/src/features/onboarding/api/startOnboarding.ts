import { useMutation } from '@tanstack/react-query';
import { type OnboardingStartRequest, onboardingStateSchema } from '@vestibule/contract/schemas/onboarding';
import { apiRequest } from '../../../lib/api';

/** POST /api/onboarding: a card number, activation code or invitation code starts a sign-up. */
export function startOnboarding(request: OnboardingStartRequest) {
  return apiRequest('/onboarding', { method: 'POST', json: request, schema: onboardingStateSchema });
}

export function useStartOnboarding() {
  return useMutation({ mutationFn: startOnboarding });
}
