import { useMutation } from '@tanstack/react-query';
import { fuzzionRefuseResultSchema, fuzzionResultSchema } from '@vestibule/contract/schemas/fuzzion';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';
import { cacheAccount } from '../../../lib/storage';

/** POST /api/fuzzion/merge: the merge; answers the user and, if needed, the MFA list. */
export async function mergeAccounts(payload: string) {
  const result = await apiRequest('/fuzzion/merge', {
    method: 'POST',
    json: { payload },
    schema: fuzzionResultSchema,
  });
  queryClient.setQueryData(['user'], result.data);
  cacheAccount(result.data);
  await queryClient.invalidateQueries({ queryKey: ['mfa'] });
  return result;
}

/** POST /api/fuzzion/refuse: the similar username leaves the other account. */
export async function refuseMerge(payload: string) {
  const result = await apiRequest('/fuzzion/refuse', {
    method: 'POST',
    json: { payload },
    schema: fuzzionRefuseResultSchema,
  });
  queryClient.setQueryData(['user'], result.data);
  cacheAccount(result.data);
  await queryClient.invalidateQueries({ queryKey: ['mfa'] });
  return result;
}

/** POST /api/fuzzion/ignore: "ignore for now". */
export function ignoreMerge(payload: string) {
  return apiRequest('/fuzzion/ignore', { method: 'POST', json: { payload } });
}

export function useMerge() {
  return useMutation({ mutationFn: mergeAccounts });
}
export function useRefuse() {
  return useMutation({ mutationFn: refuseMerge });
}
export function useIgnore() {
  return useMutation({ mutationFn: ignoreMerge });
}
