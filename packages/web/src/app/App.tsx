import { StrictMode, useCallback } from 'react';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { type PageChanges, ToastProvider } from '../components/Toasts';

/** The whole SPA around a router: the browser's (main.tsx) or the build's pre-rendering one. */
export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  // The router's state changes often (loaders, fetchers): a page change is a new location key.
  const pageChanges = useCallback<PageChanges>(
    (listener) => {
      let key = router.state.location.key;
      return router.subscribe((state) => {
        if (state.location.key === key) return;
        key = state.location.key;
        listener();
      });
    },
    [router],
  );
  return (
    <StrictMode>
      {/* TanStack Query's provider is in app/layout/QueryLayout.tsx, around every page but login. */}
      <ToastProvider pageChanges={pageChanges}>
        <RouterProvider router={router} />
      </ToastProvider>
    </StrictMode>
  );
}
