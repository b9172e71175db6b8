import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** POST /api/user/weak-password {password}: replaces the weak password of a fresh login. */
export function changeWeakPassword(password: string) {
  return apiRequest('/user/weak-password', { method: 'POST', json: { password } });
}

export function useChangeWeakPassword() {
  return useMutation({ mutationFn: changeWeakPassword });
}
