import type { RouteObject } from 'react-router';
import { PATHS } from '../lib/paths';
import { requireStepUp } from '../lib/stepUp';

// Security tab and notification area, in the user layout, each a lazy chunk.

export const securityRoutes: RouteObject[] = [
  {
    path: PATHS.security,
    lazy: async () => ({
      Component: (await import('../features/security/routes/SecurityRoute')).SecurityRoute,
    }),
  },
  {
    path: PATHS.securityHistory,
    lazy: async () => ({
      Component: (await import('../features/security/routes/HistoryRoute')).HistoryRoute,
    }),
  },
  {
    path: PATHS.securityEditPassword,
    loader: requireStepUp('edit-password'),
    lazy: async () => ({
      Component: (await import('../features/security/routes/EditPasswordRoute')).EditPasswordRoute,
    }),
  },
  {
    path: PATHS.securityMyData,
    loader: requireStepUp('my-data'),
    lazy: async () => ({
      Component: (await import('../features/security/routes/MyDataRoute')).MyDataRoute,
    }),
  },
  {
    path: PATHS.securityCloseAccount,
    loader: requireStepUp('close-account'),
    lazy: async () => ({
      Component: (await import('../features/security/routes/CloseAccountRoute')).CloseAccountRoute,
    }),
  },
  {
    path: PATHS.securityPreferences,
    lazy: async () => ({
      Component: (await import('../features/security/routes/PreferencesRoute')).PreferencesRoute,
    }),
  },
  {
    path: PATHS.notifications,
    lazy: async () => ({
      Component: (await import('../features/security/routes/NotificationsRoute')).NotificationsRoute,
    }),
  },
];
