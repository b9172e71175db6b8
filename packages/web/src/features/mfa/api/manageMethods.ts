import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';

const refresh = () => queryClient.invalidateQueries({ queryKey: ['mfa'] });

/** DELETE /api/mfa/{id}: needs a step-up; 409 mfa_minimum for the last SMS or e-mail method. */
export function deleteMethod(id: number) {
  return apiRequest(`/mfa/${id}`, { method: 'DELETE' });
}

/** POST /api/mfa/switch-primary/{id}: the method offered first at login. */
export function switchPrimary(id: number) {
  return apiRequest(`/mfa/switch-primary/${id}`, { method: 'POST' });
}

export function useDeleteMethod() {
  return useMutation({ mutationFn: deleteMethod, onSuccess: refresh });
}

export function useSwitchPrimary() {
  return useMutation({ mutationFn: switchPrimary, onSuccess: refresh });
}
