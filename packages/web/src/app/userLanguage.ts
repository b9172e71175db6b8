import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@vestibule/contract/schemas/user';
import { currentEdition } from '../lib/edition';
import { applyUserLanguage } from '../lib/languageAccount';
import { userQuery } from '../lib/userQuery';

/**
 * Once the user is known, their language chooses the interface language (SPEC §1), unless they
 * picked one before logging in: that choice is saved to the account (lib/languageAccount.ts).
 * Watches the cache only (the guard loads the user); `appliedFor` is the user last applied.
 * Returns the unsubscribe. The root route loads it with the query client (app/RootRoute.tsx).
 */
export function followUserLanguage(client: QueryClient, appliedFor: { current: number | null }): () => void {
  const apply = (user: User | undefined) => {
    if (!user || appliedFor.current === user.id) return;
    appliedFor.current = user.id;
    applyUserLanguage(currentEdition(), user);
  };
  apply(client.getQueryData(userQuery.queryKey));
  return client.getQueryCache().subscribe((event) => {
    const [key, ...rest] = event.query.queryKey;
    if (key === userQuery.queryKey[0] && rest.length === 0) apply(event.query.state.data as User | undefined);
  });
}
