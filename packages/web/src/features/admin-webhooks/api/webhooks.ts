import { useQuery } from '@tanstack/react-query';
import {
  type CreateWebhookRequest,
  replayResponseSchema,
  webhookDeliveriesResponseSchema,
  webhookListResponseSchema,
  webhookSecretResponseSchema,
} from '@vestibule/contract/schemas/admin-webhooks';
import { apiRequest, lazySchema } from '../../../lib/api';

const adminMeSchema = lazySchema(
  async () => (await import('@vestibule/contract/schemas/admin')).adminMeSchema,
);

/** The editions the operator works in (GET /api/admin/me, the console's cached query). */
export function useOperatorEditions() {
  const me = useQuery({
    queryKey: ['admin', 'me'],
    queryFn: ({ signal }) => apiRequest('/admin/me', { schema: adminMeSchema, signal }),
    retry: false,
    staleTime: 60_000,
  });
  return me.data?.editions ?? ['general', 'lu'];
}

/** GET /api/admin/webhooks: the subscriptions and the event types. */
export function useWebhooks() {
  return useQuery({
    queryKey: ['admin', 'webhooks'],
    queryFn: ({ signal }) => apiRequest('/admin/webhooks', { schema: webhookListResponseSchema, signal }),
    staleTime: 0,
  });
}

/** POST /api/admin/webhooks: answers the secret, shown once. */
export function createWebhook(input: CreateWebhookRequest) {
  return apiRequest('/admin/webhooks', { method: 'POST', json: input, schema: webhookSecretResponseSchema });
}

/** POST /api/admin/webhooks/:id/rotate-secret: a new secret; the old one signs for 24 hours more. */
export function rotateWebhookSecret(id: number) {
  return apiRequest(`/admin/webhooks/${id}/rotate-secret`, {
    method: 'POST',
    schema: webhookSecretResponseSchema,
  });
}

/** PUT /api/admin/webhooks/:id/enabled. */
export function setWebhookEnabled(id: number, enabled: boolean) {
  return apiRequest(`/admin/webhooks/${id}/enabled`, { method: 'PUT', json: { enabled } });
}

/** GET /api/admin/webhooks/:id/deliveries: the delivery log, newest first. */
export function useDeliveries(id: number) {
  return useQuery({
    queryKey: ['admin', 'webhooks', id, 'deliveries'],
    queryFn: ({ signal }) =>
      apiRequest(`/admin/webhooks/${id}/deliveries`, { schema: webhookDeliveriesResponseSchema, signal }),
    staleTime: 0,
  });
}

/** POST /api/admin/webhooks/:id/deliveries/:delivery/replay. */
export function replayDelivery(id: number, delivery: number, force: boolean) {
  return apiRequest(`/admin/webhooks/${id}/deliveries/${delivery}/replay`, {
    method: 'POST',
    json: { force },
    schema: replayResponseSchema,
  });
}
