import type { RouteObject } from 'react-router';
import { PATHS } from '../../lib/paths';
import { requireStepUp } from '../../lib/stepUp';

// Security tab and notification area, in the user layout, each a lazy chunk.

export const securityRoutes: RouteObject[] = [
  {
    path: PATHS.security,
    lazy: async () => ({
      Component: (await import('./routes/SecurityRoute')).SecurityRoute,
    }),
  },
  {
    path: PATHS.securityHistory,
    lazy: async () => ({
      Component: (await import('./routes/HistoryRoute')).HistoryRoute,
    }),
  },
  {
    path: PATHS.securityEditPassword,
    loader: requireStepUp('edit-password'),
    lazy: async () => ({
      Component: (await import('./routes/EditPasswordRoute')).EditPasswordRoute,
    }),
  },
  {
    path: PATHS.securityMyData,
    loader: requireStepUp('my-data'),
    lazy: async () => ({
      Component: (await import('./routes/MyDataRoute')).MyDataRoute,
    }),
  },
  {
    path: PATHS.securityCloseAccount,
    loader: requireStepUp('close-account'),
    lazy: async () => ({
      Component: (await import('./routes/CloseAccountRoute')).CloseAccountRoute,
    }),
  },
  {
    path: PATHS.securityPreferences,
    lazy: async () => ({
      Component: (await import('./routes/PreferencesRoute')).PreferencesRoute,
    }),
  },
  {
    path: PATHS.notifications,
    lazy: async () => ({
      Component: (await import('./routes/NotificationsRoute')).NotificationsRoute,
    }),
  },
];

/** The end of an account closure (SPEC §2), reached from a link in the e-mail: no login needed. */
export const securityPublicRoutes: RouteObject[] = [
  {
    path: PATHS.accountClosure,
    lazy: async () => ({ Component: (await import('./routes/AccountClosureRoute')).AccountClosureRoute }),
  },
];
