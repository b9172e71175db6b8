import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import './global.css';
import { boot } from './app/boot';
import { createAppRouter } from './app/router';
import { ToastProvider } from './components/Toasts';
import { i18n } from './i18n';

async function start(): Promise<void> {
  await boot();
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {/* TanStack Query's provider is in app/layout/QueryLayout.tsx, around every page but login. */}
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

void start();
