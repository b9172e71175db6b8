import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** POST /api/onboarding/not-me: the invitee's "this was not me" freezes the account their invitation opened. */
export function freezeInvitedAccount(code: string) {
  return apiRequest('/onboarding/not-me', { method: 'POST', json: { code }, quiet: true });
}

export function useFreezeInvitedAccount() {
  return useMutation({ mutationFn: freezeInvitedAccount });
}
