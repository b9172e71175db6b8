import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { recoveryKeysResponseSchema, recoveryStatusResponseSchema } from '@vestibule/contract/schemas/mfa';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';

/** GET /api/mfa/recovery: the authenticator's recovery keys, total and unused. */
export const recoveryStatusQuery = queryOptions({
  queryKey: ['mfa', 'recovery'] as const,
  queryFn: ({ signal }) => apiRequest('/mfa/recovery', { schema: recoveryStatusResponseSchema, signal }),
  staleTime: 0,
});

export function useRecoveryStatus() {
  return useQuery(recoveryStatusQuery);
}

/** POST /api/mfa/regenerate-recovery (step-up): new keys, shown once; the old ones are void. */
export function regenerateRecoveryKeys() {
  return apiRequest('/mfa/regenerate-recovery', { method: 'POST', schema: recoveryKeysResponseSchema });
}

export function useRegenerateRecoveryKeys() {
  return useMutation({
    mutationFn: regenerateRecoveryKeys,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['mfa'] }),
  });
}
