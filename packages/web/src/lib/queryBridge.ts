import type { QueryClient } from '@tanstack/react-query';

// The login page loads without TanStack Query (docs/performance.md): the modules of the first page
// (the guard, the root route, the login, the logout) reach the query client through this bridge.
// lib/queryClient.ts registers the client here when it loads, which the first page that uses a
// query (every page inside QueryLayout) or a completed login does.

let loaded: QueryClient | undefined;
const waiting = new Set<(client: QueryClient) => void>();

/** Called once by lib/queryClient.ts. */
export function registerQueryClient(client: QueryClient): void {
  loaded = client;
  for (const callback of waiting) callback(client);
  waiting.clear();
}

/** The client if its module has loaded (nothing can be cached before that), else undefined. */
export function loadedQueryClient(): QueryClient | undefined {
  return loaded;
}

/** The client, loading its module (and TanStack Query) if needed. */
export async function loadQueryClient(): Promise<QueryClient> {
  return loaded ?? (await import('./queryClient')).queryClient;
}

/** Runs `callback` with the client once it has loaded (at once if it has); returns a cancel. */
export function whenQueryClient(callback: (client: QueryClient) => void): () => void {
  if (loaded) {
    callback(loaded);
    return () => undefined;
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}
