import type { QueryClient } from '@tanstack/react-query';

// Where the query client is once its module has loaded: lib/queryClient.ts registers it here, and
// lib/queryBridge.ts reads it (and loads that module on demand). Kept apart from both so that
// neither of them imports the other back (docs/architecture.md "Layers").

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

/** Runs `callback` with the client once it has loaded (at once if it has); returns a cancel. */
export function whenQueryClient(callback: (client: QueryClient) => void): () => void {
  if (loaded) {
    callback(loaded);
    return () => undefined;
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}
