import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditQuery, StaffGrantRequest } from '@vestibule/contract/schemas/admin';
import { apiRequest, lazySchema } from '../../../lib/api';
import type { Reason } from './accounts';

const schemas = () => import('@vestibule/contract/schemas/admin');
const resetsSchema = lazySchema(async () => (await schemas()).mfaResetsResponseSchema);
const auditSchema = lazySchema(async () => (await schemas()).auditResponseSchema);
const staffSchema = lazySchema(async () => (await schemas()).staffListResponseSchema);
const grantSchema = lazySchema(async () => (await schemas()).staffGrantResponseSchema);

export type ResetStatus = 'pending' | 'approved' | 'refused';
export type AuditFilters = Omit<AuditQuery, 'cursor'>;

/** GET /api/admin/mfa-resets?status=. */
export function useMfaResets(status: ResetStatus) {
  return useQuery({
    queryKey: ['admin', 'mfa-resets', status],
    queryFn: ({ signal }) =>
      apiRequest(`/admin/mfa-resets?status=${status}`, { schema: resetsSchema, signal }),
    staleTime: 0,
  });
}

/** POST /api/admin/mfa-resets/:id/approve|refuse. */
export function useDecideMfaReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Reason & { id: number; decision: 'approve' | 'refuse' }) =>
      apiRequest(`/admin/mfa-resets/${input.id}/${input.decision}`, {
        method: 'POST',
        json: { reason: input.reason, ...(input.ticket ? { ticket: input.ticket } : {}) },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

const searchOf = (filters: AuditFilters) =>
  new URLSearchParams(
    Object.entries(filters).flatMap(([key, value]) =>
      value === undefined || value === '' ? [] : [[key, String(value)]],
    ),
  );

/** GET /api/admin/audit: rows across accounts, newest first, a page at a time. */
export function useAuditSearch(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ['admin', 'audit', filters],
    queryFn: ({ pageParam, signal }) => {
      const search = searchOf(filters);
      if (pageParam) search.set('cursor', pageParam);
      return apiRequest(`/admin/audit?${search}`, { schema: auditSchema, signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    retry: false,
    staleTime: 0,
  });
}

/** POST /api/admin/audit/export: the search's rows as CSV text, for a reason. */
export function useAuditExport() {
  return useMutation({
    mutationFn: (input: Reason & { filters: AuditFilters }) =>
      apiRequest('/admin/audit/export', {
        method: 'POST',
        json: {
          ...Object.fromEntries(searchOf(input.filters)),
          reason: input.reason,
          ...(input.ticket ? { ticket: input.ticket } : {}),
        },
        asText: true,
      }) as unknown as Promise<string>,
  });
}

/** GET /api/admin/staff. */
export function useStaffList() {
  return useQuery({
    queryKey: ['admin', 'staff'],
    queryFn: ({ signal }) => apiRequest('/admin/staff', { schema: staffSchema, signal }),
  });
}

/** POST /api/admin/staff/roles: answers whether the role is new (false: the account held it). */
export function useGrantStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffGrantRequest) =>
      apiRequest('/admin/staff/roles', { method: 'POST', json: input, schema: grantSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}

/** DELETE /api/admin/staff/roles/:grantId. */
export function useRemoveStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Reason & { grantId: number }) =>
      apiRequest(`/admin/staff/roles/${input.grantId}`, {
        method: 'DELETE',
        json: { reason: input.reason, ...(input.ticket ? { ticket: input.ticket } : {}) },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}
