import { useMutation, useQuery } from '@tanstack/react-query';
import {
  closureCancelResponseSchema,
  closureResponseSchema,
  closureTermsSchema,
} from '@vestibule/contract/schemas/closure';
import { apiRequest } from '../../../lib/api';

/** GET /api/user/closure: how many days a closure can be undone. */
export function useClosureTerms() {
  return useQuery({
    queryKey: ['closure-terms'],
    queryFn: ({ signal }) => apiRequest('/user/closure', { schema: closureTermsSchema, signal }),
    staleTime: 60 * 60_000,
  });
}

/** POST /api/user/closure: needs a step-up; every session ends with it. */
export function useCloseAccount() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/user/closure', { method: 'POST', json: { confirm: true }, schema: closureResponseSchema }),
  });
}

/** POST /api/closure/cancel: keeps the account, by the e-mail's token or a sign-in's ticket. */
export function useKeepAccount() {
  return useMutation({
    mutationFn: (proof: { token: string } | { ticket: string }) =>
      apiRequest('/closure/cancel', { method: 'POST', json: proof, schema: closureCancelResponseSchema }),
  });
}
