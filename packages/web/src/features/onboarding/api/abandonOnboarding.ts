import { apiRequest } from '../../../lib/api';

/** POST /api/onboarding/abandon: "start again" forgets the sign-up in progress. */
export function abandonOnboarding(id: string) {
  return apiRequest('/onboarding/abandon', { method: 'POST', json: { flow: id } });
}
