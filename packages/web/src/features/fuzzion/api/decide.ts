import { useMutation } from '@tanstack/react-query';
import { fuzzionRefuseResultSchema, fuzzionResultSchema } from '@vestibule/contract/schemas/fuzzion';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';
import { cacheAccount } from '../../../lib/storage';

/**
 * The MFA lists cached before a merge or refusal are dropped, not only marked stale: the step-up
 * screen that follows would show a stale list while it refetches, and a tap on it could use an id
 * the change gave another meaning. An account without methods that got the other's steps up with a
 * placeholder (a code to its primary phone) that the server refuses once it has methods ("This
 * item does not exist"): seen under load, and on a slow phone alike. The screen now waits for the
 * fresh list.
 */
function forgetMethods() {
  return queryClient.resetQueries({ queryKey: ['mfa'] });
}

/** POST /api/fuzzion/merge: the merge; answers the user and, if needed, the MFA list. */
export async function mergeAccounts(payload: string) {
  const result = await apiRequest('/fuzzion/merge', {
    method: 'POST',
    json: { payload },
    schema: fuzzionResultSchema,
  });
  queryClient.setQueryData(['user'], result.data);
  cacheAccount(result.data);
  await forgetMethods();
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
  await forgetMethods();
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
