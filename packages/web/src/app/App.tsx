import { StrictMode } from 'react';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { ToastProvider } from '../components/Toasts';

/** The whole SPA around a router: the browser's (main.tsx) or the build's pre-rendering one. */
export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <StrictMode>
      {/* TanStack Query's provider is in app/layout/QueryLayout.tsx, around every page but login. */}
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </StrictMode>
  );
}
