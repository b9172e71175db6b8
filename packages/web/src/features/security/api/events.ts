import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { notMeResponseSchema, securityEventsResponseSchema } from '@vestibule/contract/schemas/security';
import { apiRequest } from '../../../lib/api';

/** GET /api/security/events?cursor=: the security timeline, newest first. */
export function useSecurityEvents(limit = 20) {
  return useInfiniteQuery({
    queryKey: ['security', 'events', limit],
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ limit: String(limit) });
      if (pageParam) search.set('cursor', pageParam);
      return apiRequest(`/security/events?${search}`, { schema: securityEventsResponseSchema, signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
}

/** POST /api/security/not-me: ends every session and trusted device of the account. */
export function useNotMe() {
  return useMutation({
    mutationFn: (eventId: number | undefined) =>
      apiRequest('/security/not-me', {
        method: 'POST',
        json: eventId === undefined ? {} : { event_id: eventId },
        schema: notMeResponseSchema,
      }),
  });
}
