import { useInfiniteQuery } from '@tanstack/react-query';
import {
  companyInvitationsResponseSchema,
  type InviteRequest,
  inviteResponseSchema,
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

/** POST /api/admin/companies/:id/invitations/csv: everyone of the file, or nobody. */
export function inviteCsv(companyId: number, bytes: Uint8Array) {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return apiRequest(`/admin/companies/${companyId}/invitations/csv`, {
    method: 'POST',
    json: { csv_base64: btoa(binary) },
    schema: inviteResponseSchema,
  });
}

/** POST /api/admin/companies/:id/invitations/:invitation/revoke. */
export function revokeInvitation(companyId: number, invitationId: number) {
  return apiRequest(`/admin/companies/${companyId}/invitations/${invitationId}/revoke`, { method: 'POST' });
}
