import { useQuery } from '@tanstack/react-query';
import {
  type CardImportRequest,
  type CreateScimTokenRequest,
  cardImportResponseSchema,
  scimTokenCreatedSchema,
  scimTokensResponseSchema,
} from '@vestibule/contract/schemas/admin-integration';
import { operatorCompaniesResponseSchema } from '@vestibule/contract/schemas/company-admin';
import { apiRequest, jsonRequestHeaders } from '../../../lib/api';
import type { Reason } from '../api/accounts';

/**
 * Sends a JSON body with XMLHttpRequest, the one browser API that reports upload progress, and
 * answers its response as fetch would: apiRequest then reads it (errors, schema) as for any call.
 */
function sendWithProgress(path: string, json: unknown, onProgress: (sent: number, total: number) => void) {
  return new Promise<Response | undefined>((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api${path}`);
    for (const [name, value] of jsonRequestHeaders()) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    request.onload = () =>
      resolve(
        new Response(request.responseText, {
          status: request.status,
          headers: { 'Content-Type': request.getResponseHeader('Content-Type') ?? 'application/json' },
        }),
      );
    // A network failure: apiRequest sends the call itself and answers its usual error.
    request.onerror = () => resolve(undefined);
    request.send(JSON.stringify(json));
  });
}

/** POST /api/admin/cards/import: the whole file or nothing; `onProgress` hears the bytes sent. */
export function importCards(input: CardImportRequest, onProgress: (sent: number, total: number) => void) {
  return apiRequest('/admin/cards/import', {
    method: 'POST',
    json: input,
    schema: cardImportResponseSchema,
    prefetched: sendWithProgress('/admin/cards/import', input, onProgress),
  });
}

/** GET /api/admin/companies: the companies of the operator's editions (shared with the invitation batches). */
export function useScimCompanies() {
  return useQuery({
    queryKey: ['admin', 'companies'],
    queryFn: ({ signal }) =>
      apiRequest('/admin/companies', { schema: operatorCompaniesResponseSchema, signal }),
    staleTime: 60_000,
  });
}

/** GET /api/admin/scim/companies/:id/tokens: the company's tokens, never a secret. */
export function useScimTokens(companyId: number | null) {
  return useQuery({
    queryKey: ['admin', 'scim', companyId, 'tokens'],
    queryFn: ({ signal }) =>
      apiRequest(`/admin/scim/companies/${companyId}/tokens`, { schema: scimTokensResponseSchema, signal }),
    enabled: companyId !== null,
    staleTime: 0,
  });
}

/** POST /api/admin/scim/companies/:id/tokens: answers the secret, once. */
export function createScimToken(companyId: number, input: CreateScimTokenRequest) {
  return apiRequest(`/admin/scim/companies/${companyId}/tokens`, {
    method: 'POST',
    json: input,
    schema: scimTokenCreatedSchema,
  });
}

/** POST /api/admin/scim/companies/:id/tokens/:token/revoke. */
export function revokeScimToken(companyId: number, tokenId: number, reason: Reason) {
  return apiRequest(`/admin/scim/companies/${companyId}/tokens/${tokenId}/revoke`, {
    method: 'POST',
    json: reason,
  });
}
