import { apiRequest } from '../../../lib/api';

/** DELETE /api/onboarding/{id}: "start again" forgets the sign-up in progress. */
export function abandonOnboarding(id: string) {
  return apiRequest(`/onboarding/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
