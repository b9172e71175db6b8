import type { QueryClient } from '@tanstack/react-query';
import { loadedQueryClient } from './queryClientRegistry';

// The login page loads without TanStack Query (docs/performance.md): the modules of the first page
// (the guard, the root route, the login, the logout) reach the query client through this bridge.
// lib/queryClient.ts registers the client in lib/queryClientRegistry.ts when it loads, which the
// first page that uses a query (every page inside QueryLayout) or a completed login does.

export { loadedQueryClient, whenQueryClient } from './queryClientRegistry';

/** The client, loading its module (and TanStack Query) if needed. */
export async function loadQueryClient(): Promise<QueryClient> {
  return loadedQueryClient() ?? (await import('./queryClient')).queryClient;
}
