import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { registerQueryClient } from './queryClientRegistry';

// Loaded lazily: the first page reaches this client through lib/queryBridge.ts only, which
// finds it in lib/queryClientRegistry.ts once registered below.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      // Retrying a 4xx (or maintenance) cannot change the answer.
      retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400) && failureCount < 2,
      refetchOnWindowFocus: false,
    },
  },
});

registerQueryClient(queryClient);
