import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { logoutAllResponseSchema, sessionsResponseSchema } from '@vestibule/contract/schemas/security';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';

export const sessionsKey = ['security', 'sessions'] as const;

/** GET /api/sessions?cursor=: the user's live sessions, newest first, page by page. */
export function useSessions(limit = 20) {
  return useInfiniteQuery({
    queryKey: [...sessionsKey, limit],
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ limit: String(limit) });
      if (pageParam) search.set('cursor', pageParam);
      return apiRequest(`/sessions?${search}`, { schema: sessionsResponseSchema, signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
}

/** DELETE /api/sessions/{id}: that device is logged out at once. */
export function useRevokeSession() {
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/sessions/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['security'] }),
  });
}

/** POST /api/sessions/logout-all: every session ends, this one too. */
export function useLogoutAll() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/sessions/logout-all', { method: 'POST', json: {}, schema: logoutAllResponseSchema }),
  });
}
