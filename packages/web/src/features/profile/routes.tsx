import type { RouteObject } from 'react-router';
import { PATHS } from '../../lib/paths';
import { requireStepUp } from '../../lib/stepUp';

// Profile screens, in the user layout, each a lazy chunk. edit-credentials and edit-iban
// are security-sensitive (SPEC §4 rule 5): a step-up first. edit-info is reachable only from the
// overview (SPEC §2 entry rule): the route itself checks the navigation state the overview sets.

export const profileRoutes: RouteObject[] = [
  {
    path: PATHS.profile,
    lazy: async () => ({ Component: (await import('./routes/ProfileRoute')).ProfileRoute }),
  },
  {
    path: PATHS.profileEditInfo,
    lazy: async () => ({
      Component: (await import('./routes/EditInfoRoute')).EditInfoRoute,
    }),
  },
  {
    path: PATHS.profileEditCredentials,
    loader: requireStepUp('edit-credentials'),
    lazy: async () => ({
      Component: (await import('./routes/EditCredentialsRoute')).EditCredentialsRoute,
    }),
  },
  {
    path: PATHS.profileEditIban,
    loader: requireStepUp('edit-iban'),
    lazy: async () => ({
      Component: (await import('./routes/EditIbanRoute')).EditIbanRoute,
    }),
  },
];
