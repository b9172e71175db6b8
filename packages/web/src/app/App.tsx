import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { ToastProvider } from '../components/Toasts';
import { i18n } from '../i18n';

/** The whole SPA around a router: the browser's (main.tsx) or the build's pre-rendering one. */
export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <StrictMode>
      {/* TanStack Query's provider is in app/layout/QueryLayout.tsx, around every page but login. */}
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
