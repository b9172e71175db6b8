import { useMutation } from '@tanstack/react-query';
import { type FuzzionOwnershipRequest, fuzzionStepResponseSchema } from '@vestibule/contract/schemas/fuzzion';
import { apiRequest } from '../../../lib/api';

/** POST /api/fuzzion/ownership: "not me", a card number or a platform password. */
export function answerOwnership(body: FuzzionOwnershipRequest) {
  return apiRequest('/fuzzion/ownership', { method: 'POST', json: body, schema: fuzzionStepResponseSchema });
}

export function useAnswerOwnership() {
  return useMutation({ mutationFn: answerOwnership });
}
