import { useMutation } from '@tanstack/react-query';
import { fuzzionStepResponseSchema } from '@vestibule/contract/schemas/fuzzion';
import { apiRequest } from '../../../lib/api';

/** POST /api/fuzzion {payload, code}: the code proves control of the other account. */
export function checkProofCode(payload: string, code: string) {
  return apiRequest('/fuzzion', {
    method: 'POST',
    json: { payload, code },
    schema: fuzzionStepResponseSchema,
  });
}

export function useCheckProofCode() {
  return useMutation({
    mutationFn: ({ payload, code }: { payload: string; code: string }) => checkProofCode(payload, code),
  });
}
