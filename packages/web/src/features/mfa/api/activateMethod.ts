import { useMutation } from '@tanstack/react-query';
import { mfaActivateAnswerSchema, mfaActivateResponseSchema } from '@vestibule/contract/schemas/mfa';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';

/**
 * GET /api/mfa/{id}/activate?target&edit=1: starts adding (negative id) or editing / resetting
 * (positive id with edit) a method. `null` is the 204 "nothing to do" (already set up).
 */
export async function startActivation(id: number, options: { target?: string; edit?: boolean } = {}) {
  const params = new URLSearchParams();
  if (options.target) params.set('target', options.target);
  if (options.edit) params.set('edit', '1');
  const answer = await apiRequest(`/mfa/${id}/activate${params.size ? `?${params}` : ''}`, {
    schema: mfaActivateResponseSchema,
  });
  return answer ?? null;
}

/**
 * POST /api/mfa/activate {payload, code}: the code proves the target; the method is saved, or,
 * when the target is another account's, a merge is offered (fuzzion).
 */
export async function confirmActivation(payload: string, code: string) {
  const result = await apiRequest('/mfa/activate', {
    method: 'POST',
    json: { payload, code },
    schema: mfaActivateAnswerSchema,
  });
  await queryClient.invalidateQueries({ queryKey: ['mfa'] });
  return result;
}

export function useStartActivation() {
  return useMutation({
    mutationFn: ({ id, ...options }: { id: number; target?: string; edit?: boolean }) =>
      startActivation(id, options),
  });
}

export function useConfirmActivation() {
  return useMutation({
    mutationFn: ({ payload, code }: { payload: string; code: string }) => confirmActivation(payload, code),
  });
}
