import { queryOptions, useQuery } from '@tanstack/react-query';
import { mfaListResponseSchema } from '@vestibule/contract/schemas/mfa';
import { apiRequest } from '../../../lib/api';

/** GET /api/mfa[?includeAll]: the user's methods, primary first (includeAll adds placeholders). */
export function fetchMethods(includeAll = false, signal?: AbortSignal) {
  return apiRequest(includeAll ? '/mfa?includeAll=1' : '/mfa', {
    schema: mfaListResponseSchema,
    signal,
  }).then((answer) => answer.data);
}

export const methodsQuery = queryOptions({
  queryKey: ['mfa', 'methods'] as const,
  queryFn: ({ signal }) => fetchMethods(false, signal),
  staleTime: 0,
});

export function useMethods() {
  return useQuery(methodsQuery);
}
