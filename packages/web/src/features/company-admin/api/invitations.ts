import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  companyInvitationsResponseSchema,
  type InviteRequest,
  inviteResponseSchema,
  operatorCompaniesResponseSchema,
} from '@vestibule/contract/schemas/company-admin';
import { apiRequest } from '../../../lib/api';

/** GET /api/admin/companies/:id/invitations: the company's invitations, newest first. */
export function useCompanyInvitations(companyId: number, status: 'all' | 'pending') {
  return useInfiniteQuery({
    queryKey: ['company-admin', companyId, 'invitations', status],
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ status, limit: '25' });
      if (pageParam) search.set('cursor', pageParam);
      return apiRequest(`/admin/companies/${companyId}/invitations?${search}`, {
        schema: companyInvitationsResponseSchema,
        signal,
      });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
}

/** POST /api/admin/companies/:id/invitations: one person. */
export function inviteOne(companyId: number, input: InviteRequest) {
  return apiRequest(`/admin/companies/${companyId}/invitations`, {
    method: 'POST',
    json: input,
    schema: inviteResponseSchema,
  });
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** POST /api/admin/companies/:id/invitations/csv: everyone of the file, or nobody. */
export function inviteCsv(companyId: number, bytes: Uint8Array) {
  return apiRequest(`/admin/companies/${companyId}/invitations/csv`, {
    method: 'POST',
    json: { csv_base64: base64Of(bytes) },
    schema: inviteResponseSchema,
  });
}

/** POST /api/admin/companies/:id/invitation-batches: the operator's file for a company, with a reason. */
export function inviteBatch(companyId: number, bytes: Uint8Array, why: { reason: string; ticket?: string }) {
  return apiRequest(`/admin/companies/${companyId}/invitation-batches`, {
    method: 'POST',
    json: { csv_base64: base64Of(bytes), reason: why.reason, ...(why.ticket ? { ticket: why.ticket } : {}) },
    schema: inviteResponseSchema,
  });
}

/** GET /api/admin/companies: the companies of the operator's editions. */
export function useOperatorCompanies() {
  return useQuery({
    queryKey: ['admin', 'companies'],
    queryFn: ({ signal }) =>
      apiRequest('/admin/companies', { schema: operatorCompaniesResponseSchema, signal }),
  });
}

/** POST /api/admin/companies/:id/invitations/:invitation/revoke. */
export function revokeInvitation(companyId: number, invitationId: number) {
  return apiRequest(`/admin/companies/${companyId}/invitations/${invitationId}/revoke`, { method: 'POST' });
}
