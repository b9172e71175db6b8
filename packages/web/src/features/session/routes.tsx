import type { RouteObject } from 'react-router';
import { PATHS } from '../../lib/paths';

/** The handover of a session from another application (SPEC §2), without the sidebar. */
export const sessionRoutes: RouteObject[] = [
  {
    path: PATHS.handover,
    lazy: async () => ({ Component: (await import('./routes/ContinueRoute')).ContinueRoute }),
  },
];
