import { useMutation, useQuery } from '@tanstack/react-query';
import { notificationsResponseSchema } from '@vestibule/contract/schemas/security';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';

export const notificationsKey = ['notifications'] as const;

/** GET /api/notifications: unread security events and the newest ones, for the sidebar badge too. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => apiRequest('/notifications', { schema: notificationsResponseSchema, signal }),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

/** POST /api/notifications/read: everything up to `upTo` is read (the badge clears). */
export function useMarkNotificationsRead() {
  return useMutation({
    mutationFn: (upTo: number) =>
      apiRequest('/notifications/read', { method: 'POST', json: { up_to: upTo } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
