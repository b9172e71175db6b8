import type { RouteObject } from 'react-router';
import { PATHS } from '../../lib/paths';

/** The merge screens (SPEC §2 duplicated, fuzzion-success), one lazy chunk. */
export const fuzzionRoutes: RouteObject[] = [
  {
    path: PATHS.duplicated,
    lazy: async () => ({ Component: (await import('./routes/DuplicatedRoute')).DuplicatedRoute }),
  },
  {
    path: PATHS.fuzzionSuccess,
    lazy: async () => ({ Component: (await import('./routes/FuzzionSuccessRoute')).FuzzionSuccessRoute }),
  },
];
