import { onboardingStateSchema } from '@vestibule/contract/schemas/onboarding';
import { apiRequest } from '../../../lib/api';

/** POST /api/onboarding/state: the sign-up in progress on this device (410 once expired). */
export function fetchOnboarding(id: string) {
  return apiRequest('/onboarding/state', {
    method: 'POST',
    json: { flow: id },
    schema: onboardingStateSchema,
  });
}
