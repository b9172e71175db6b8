import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonalData } from '@vestibule/contract/password';
import type { User } from '@vestibule/contract/schemas/user';
import { apiRequest, lazySchema } from './api';
import { cacheAccount } from './storage';

// GET /api/user is shared: the guard loads it for every logged-in page, the shell reads the
// language, features read the fields. It lives in lib so that no feature imports another.

// The guard module loads with the first page: the schema (and zod) load with the first call.
const userResponseSchema = lazySchema(
  async () => (await import('@vestibule/contract/schemas/user')).userResponseSchema,
);

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

/** The account's e-mails and names, which a new password must not contain (DESIGN §4). */
export function personalData(user: User | undefined): PersonalData {
  return { emails: user?.email.map((e) => e.email), firstname: user?.firstname, lastname: user?.lastname };
}
