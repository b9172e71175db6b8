import type { DataTag } from '@tanstack/react-query';
import type { User } from '@vestibule/contract/schemas/user';
import { apiRequest, lazySchema } from './api';
import { takeEarlyUser } from './earlySession';
import { rememberProfileVersion } from './profileVersion';
import { cacheAccount, tokenStore } from './storage';

// GET /api/user is shared: the guard loads it for every logged-in page, the shell reads the
// language, features read the fields. It lives in lib so that no feature imports another.
// Without a runtime import of TanStack Query, so that the first page can load without it
// (docs/performance.md); lib/user.ts adds the hook.

// The guard module loads with the first page: the schema (and zod) load with the first call.
const userResponseSchema = lazySchema(
  async () => (await import('@vestibule/contract/schemas/user')).userResponseSchema,
);

export async function fetchUser(signal?: AbortSignal, quiet = false) {
  const { data } = await apiRequest('/user', {
    schema: userResponseSchema,
    signal,
    quiet,
    prefetched: takeEarlyUser(tokenStore.get()),
    // The version of what is read: the next profile change is made on it.
    onVersion: rememberProfileVersion,
  });
  cacheAccount(data);
  return data;
}

/** What `queryOptions` would give, written out: the key carries the type of its data. */
export const userQuery = {
  queryKey: ['user'] as const as DataTag<readonly ['user'], User, Error>,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchUser(signal),
};
