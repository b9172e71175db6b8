import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { passkeyListResponseSchema, passkeyResponseSchema } from '@vestibule/contract/schemas/passkeys';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';

/** GET /api/passkeys: the account's passkeys of this edition. */
export const passkeysQuery = queryOptions({
  queryKey: ['passkeys'] as const,
  queryFn: ({ signal }) =>
    apiRequest('/passkeys', { schema: passkeyListResponseSchema, signal }).then((answer) => answer.data),
  staleTime: 0,
});

export function usePasskeys() {
  return useQuery(passkeysQuery);
}

/** After a change: the list, and the method lists that offer a passkey first. */
export function refreshPasskeys() {
  void queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey });
  void queryClient.invalidateQueries({ queryKey: ['mfa'] });
}

/** PATCH /api/passkeys/{id} {name} */
export function useRenamePasskey() {
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      apiRequest(`/passkeys/${id}`, { method: 'PATCH', json: { name }, schema: passkeyResponseSchema }),
    onSuccess: refreshPasskeys,
  });
}

/** DELETE /api/passkeys/{id}: needs a step-up (403 sudo_required). */
export function useDeletePasskey() {
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/passkeys/${id}`, { method: 'DELETE' }),
    onSuccess: refreshPasskeys,
  });
}

/**
 * The browser creates a passkey named `name` and the server stores it (the ceremony's code loads
 * on first use): 'cancelled' when the user closed the browser's dialog; a server refusal throws.
 */
export function useCreatePasskey() {
  return useMutation({
    mutationFn: async (name: string): Promise<'created' | 'cancelled'> => {
      const { createPasskey, isCancelled } = await import('../../../lib/passkeyCeremony');
      try {
        await createPasskey(name);
        return 'created';
      } catch (error) {
        if (isCancelled(error)) return 'cancelled';
        throw error;
      }
    },
    onSuccess: (outcome) => {
      if (outcome === 'created') refreshPasskeys();
    },
  });
}
