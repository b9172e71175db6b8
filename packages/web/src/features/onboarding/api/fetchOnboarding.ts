import { onboardingStateSchema } from '@vestibule/contract/schemas/onboarding';
import { apiRequest } from '../../../lib/api';

/** GET /api/onboarding/{id}: the sign-up in progress on this device (410 once expired). */
export function fetchOnboarding(id: string) {
  return apiRequest(`/onboarding/${encodeURIComponent(id)}`, { schema: onboardingStateSchema });
}
