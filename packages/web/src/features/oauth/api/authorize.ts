import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type ApprovalRequest,
  type AuthorizeQuery,
  approvalResponseSchema,
  authorizeResponseSchema,
} from '@vestibule/contract/schemas/oauth';
import { apiRequest } from '../../../lib/api';

/**
 * GET /api/authorize (SPEC §7): whether the user must approve scopes, or where to go next. It may
 * finish the interaction (scopes granted before), so it runs once per screen and is never cached.
 */
export function useAuthorize(query: AuthorizeQuery | undefined) {
  return useQuery({
    queryKey: ['authorize', query] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query ?? {})) if (value) params.set(name, value);
      return apiRequest(`/authorize?${params}`, { schema: authorizeResponseSchema, signal });
    },
    enabled: query !== undefined,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** POST /api/authorize: the approval; answers the target the browser goes to (code or access_denied). */
export function useApproval() {
  return useMutation({
    mutationFn: (request: ApprovalRequest) =>
      apiRequest('/authorize', { method: 'POST', json: request, schema: approvalResponseSchema }),
  });
}
