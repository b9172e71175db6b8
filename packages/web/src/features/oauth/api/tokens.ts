import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tokensResponseSchema } from '@vestibule/contract/schemas/oauth';
import { apiRequest } from '../../../lib/api';

const grantsKey = ['tokens'] as const;

/** GET /api/tokens: the third-party applications the user granted (SPEC §7). */
export function useGrants() {
  return useQuery({
    queryKey: grantsKey,
    queryFn: async ({ signal }) => {
      const grants = await apiRequest('/tokens', { schema: tokensResponseSchema, signal });
      return Object.values(grants).sort((a, b) => a.name.localeCompare(b.name));
    },
  });
}

/** DELETE /api/token/{client_id}: revokes the grant and every token issued under it. */
export function useRevokeGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) =>
      apiRequest(`/token/${encodeURIComponent(clientId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: grantsKey }),
  });
}
