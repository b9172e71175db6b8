import type { RouteObject } from 'react-router';
import { PATHS } from '../../lib/paths';

/** The forced change of a weak password after login (SPEC §4 rule 6), without the sidebar. */
export const weakPasswordRoutes: RouteObject[] = [
  {
    path: PATHS.weakPassword,
    lazy: async () => ({ Component: (await import('./routes/WeakPasswordRoute')).WeakPasswordRoute }),
  },
];
