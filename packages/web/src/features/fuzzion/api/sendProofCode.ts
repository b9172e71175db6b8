import { useMutation } from '@tanstack/react-query';
import { fuzzionMfaResponseSchema } from '@vestibule/contract/schemas/fuzzion';
import { apiRequest } from '../../../lib/api';

/** POST /api/mfa/fuzzion {payload, mfaId}: a code to a contact of the other account. */
export function sendProofCode(payload: string, mfaId: number) {
  return apiRequest('/mfa/fuzzion', {
    method: 'POST',
    json: { payload, mfaId },
    schema: fuzzionMfaResponseSchema,
  });
}

export function useSendProofCode() {
  return useMutation({
    mutationFn: ({ payload, mfaId }: { payload: string; mfaId: number }) => sendProofCode(payload, mfaId),
  });
}
