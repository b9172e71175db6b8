import { useQuery } from '@tanstack/react-query';
import { fuzzionStateSchema } from '@vestibule/contract/schemas/fuzzion';
import { apiRequest } from '../../../lib/api';

/** POST /api/fuzzion/state: the merge flow's step, the other account's contacts (masked). */
export function fetchFuzzionFlow(payload: string, signal?: AbortSignal) {
  return apiRequest('/fuzzion/state', {
    method: 'POST',
    json: { payload },
    schema: fuzzionStateSchema,
    signal,
  });
}

export function useFuzzionFlow(payload: string | null) {
  return useQuery({
    queryKey: ['fuzzion', payload],
    queryFn: ({ signal }) => fetchFuzzionFlow(payload as string, signal),
    enabled: payload !== null,
    retry: false,
  });
}
