import { useQuery } from '@tanstack/react-query';
import { partnerResponseSchema } from '@vestibule/contract/schemas/oauth';
import { apiRequest } from '../../../lib/api';

/** GET /api/partner: the partner application the user comes from, or invalid_partner. */
export function usePartner(clientId: string | undefined, redirectUri: string | undefined) {
  return useQuery({
    queryKey: ['partner', clientId, redirectUri] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ client_id: clientId ?? '' });
      if (redirectUri) params.set('redirect_uri', redirectUri);
      return apiRequest(`/partner?${params}`, { schema: partnerResponseSchema, signal });
    },
    enabled: clientId !== undefined,
    retry: false,
  });
}
