import { useQuery } from '@tanstack/react-query';
import {
  type ClientDisabledRequest,
  clientSecretResponseSchema,
  type MaintenanceRequest,
  maintenanceStateSchema,
  oauthClientListResponseSchema,
  oauthClientResponseSchema,
  type RegisterClientRequest,
  type UpdateClientRequest,
} from '@vestibule/contract/schemas/admin-operations';
import { apiRequest } from '../../../lib/api';

// The operator's OAuth clients and maintenance switch (GET/POST/PATCH/PUT /api/admin/...).

export const CLIENTS_KEY = ['admin', 'oauth-clients'] as const;
export const MAINTENANCE_KEY = ['admin', 'maintenance'] as const;

export type Reason = { reason: string; ticket?: string };

/** GET /api/admin/oauth-clients: every client (disabled ones too) and the registrable scopes. */
export function useClients() {
  return useQuery({
    queryKey: CLIENTS_KEY,
    queryFn: ({ signal }) =>
      apiRequest('/admin/oauth-clients', { schema: oauthClientListResponseSchema, signal }),
    staleTime: 0,
  });
}

/** GET /api/admin/oauth-clients/:id with its version (ETag), for an edit sent with If-Match. */
export async function fetchClient(id: string, signal?: AbortSignal) {
  let version = '';
  const answer = await apiRequest(`/admin/oauth-clients/${encodeURIComponent(id)}`, {
    schema: oauthClientResponseSchema,
    signal,
    onVersion: (etag) => {
      version = etag;
    },
  });
  return { client: answer.data, version };
}

/** POST /api/admin/oauth-clients: answers the client and its secret, shown once. */
export function registerClient(input: RegisterClientRequest) {
  return apiRequest('/admin/oauth-clients', {
    method: 'POST',
    json: input,
    schema: clientSecretResponseSchema,
  });
}

/** PATCH /api/admin/oauth-clients/:id on the version read; a 412 tells the current one. */
export function updateClient(id: string, input: UpdateClientRequest, version: string) {
  return apiRequest(`/admin/oauth-clients/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: input,
    ifMatch: version,
    schema: oauthClientResponseSchema,
  });
}

/** POST /api/admin/oauth-clients/:id/rotate-secret: the new secret, shown once. */
export function rotateClientSecret(id: string, reason: Reason) {
  return apiRequest(`/admin/oauth-clients/${encodeURIComponent(id)}/rotate-secret`, {
    method: 'POST',
    json: reason,
    schema: clientSecretResponseSchema,
  });
}

/** PUT /api/admin/oauth-clients/:id/disabled. */
export function setClientDisabled(id: string, input: ClientDisabledRequest) {
  return apiRequest(`/admin/oauth-clients/${encodeURIComponent(id)}/disabled`, {
    method: 'PUT',
    json: input,
    schema: oauthClientResponseSchema,
  });
}

/** GET /api/admin/maintenance: refreshed every 15 s so every open console shows the switch. */
export function useMaintenance() {
  return useQuery({
    queryKey: MAINTENANCE_KEY,
    queryFn: ({ signal }) => apiRequest('/admin/maintenance', { schema: maintenanceStateSchema, signal }),
    staleTime: 0,
    refetchInterval: 15_000,
  });
}

/** PUT /api/admin/maintenance. */
export function switchMaintenance(input: MaintenanceRequest) {
  return apiRequest('/admin/maintenance', { method: 'PUT', json: input, schema: maintenanceStateSchema });
}
