import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../../lib/queryClient';

/**
 * Every page but the login pages: TanStack Query's provider, in a lazy chunk, so that the login page
 * loads without TanStack Query (docs/performance.md). All of them share the one client.
 */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
