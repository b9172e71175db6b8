import { queryOptions, useQuery } from '@tanstack/react-query';
import { userResponseSchema } from '@vestibule/contract/schemas/user';
import { apiRequest } from './api';
import { cacheAccount } from './storage';

// GET /api/user is shared: the guard loads it for every logged-in page, the shell reads the
// language, features read the fields. It lives in lib so that no feature imports another.

export async function fetchUser(signal?: AbortSignal, quiet = false) {
  const { data } = await apiRequest('/user', { schema: userResponseSchema, signal, quiet });
  cacheAccount(data);
  return data;
}

export const userQuery = queryOptions({
  queryKey: ['user'] as const,
  queryFn: ({ signal }) => fetchUser(signal),
});

export function useUser() {
  return useQuery(userQuery);
}
