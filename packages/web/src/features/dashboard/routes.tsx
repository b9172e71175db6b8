import type { RouteObject } from 'react-router';
import { PATHS } from '../../lib/paths';

/** The home page of a logged-in user, in the user layout. */
export const dashboardRoutes: RouteObject[] = [
  {
    path: PATHS.dashboard,
    lazy: async () => ({ Component: (await import('./routes/DashboardRoute')).DashboardRoute }),
  },
];
