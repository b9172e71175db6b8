import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountAction, AccountSearchKind, RevealableField } from '@vestibule/contract/schemas/admin';
import { apiRequest, lazySchema } from '../../../lib/api';

const schemas = () => import('@vestibule/contract/schemas/admin');
const searchSchema = lazySchema(async () => (await schemas()).accountSearchResponseSchema);
const accountSchema = lazySchema(async () => (await schemas()).adminAccountSchema);
const revealSchema = lazySchema(async () => (await schemas()).revealResponseSchema);
const actionSchema = lazySchema(async () => (await schemas()).accountActionResponseSchema);
const passwordResetSchema = lazySchema(async () => (await schemas()).passwordResetSentSchema);
const closureStartedSchema = lazySchema(async () => (await schemas()).closureStartedSchema);

export interface Reason {
  reason: string;
  ticket?: string | undefined;
}

const withTicket = ({ reason, ticket }: Reason) => ({ reason, ...(ticket ? { ticket } : {}) });

/** GET /api/admin/accounts?by=&q=: hits a page at a time (name searches have more pages). */
export function useAccountSearch(by: AccountSearchKind, q: string) {
  return useInfiniteQuery({
    queryKey: ['admin', 'accounts', by, q],
    enabled: q !== '',
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ by, q });
      if (pageParam) search.set('cursor', pageParam);
      return apiRequest(`/admin/accounts?${search}`, { schema: searchSchema, signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    retry: false,
    staleTime: 0,
  });
}

/** GET /api/admin/accounts/:id: the account page, masked. */
export function useAdminAccount(id: number) {
  return useQuery({
    queryKey: ['admin', 'account', id],
    queryFn: ({ signal }) => apiRequest(`/admin/accounts/${id}`, { schema: accountSchema, signal }),
    retry: false,
    staleTime: 0,
  });
}

/** POST /api/admin/accounts/:id/reveal: one field in clear, for a reason. */
export function useReveal(id: number) {
  return useMutation({
    mutationFn: (input: Reason & { field: RevealableField }) =>
      apiRequest(`/admin/accounts/${id}/reveal`, {
        method: 'POST',
        json: { field: input.field, ...withTicket(input) },
        schema: revealSchema,
      }),
  });
}

/** POST /api/admin/accounts/:id/lock|unlock|end-sessions. */
export function useAccountAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Reason & { action: AccountAction }) =>
      apiRequest(`/admin/accounts/${id}/${input.action}`, {
        method: 'POST',
        json: withTicket(input),
        schema: actionSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'account', id] }),
  });
}

/** POST /api/admin/accounts/:id/mfa-reset: the identity check, then the request to security. */
export function useRequestMfaReset(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Reason & { card_number: string; birthdate: string }) =>
      apiRequest(`/admin/accounts/${id}/mfa-reset`, {
        method: 'POST',
        json: { card_number: input.card_number, birthdate: input.birthdate, ...withTicket(input) },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** POST /api/admin/accounts/:id/password-reset: a code and its link to a verified e-mail. */
export function useSendPasswordReset(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Reason) =>
      apiRequest(`/admin/accounts/${id}/password-reset`, {
        method: 'POST',
        json: withTicket(input),
        schema: passwordResetSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'account', id] }),
  });
}

/** POST /api/admin/accounts/:id/close: the closure of the account, as if its holder had asked. */
export function useStartClosure(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Reason) =>
      apiRequest(`/admin/accounts/${id}/close`, {
        method: 'POST',
        json: withTicket(input),
        schema: closureStartedSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'account', id] }),
  });
}

/** POST /api/admin/invitations/:id/resend|revoke. */
export function useInvitationAction(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Reason & { id: number; action: 'resend' | 'revoke' }) =>
      apiRequest(`/admin/invitations/${input.id}/${input.action}`, {
        method: 'POST',
        json: withTicket(input),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'account', accountId] }),
  });
}
