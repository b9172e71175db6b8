import type { RouteObject } from 'react-router';
import { PATHS } from '../../lib/paths';

/** Third-party applications: consent and partner landing, without the sidebar. */
export const oauthPageRoutes: RouteObject[] = [
  {
    path: PATHS.approve,
    lazy: async () => ({ Component: (await import('./routes/ApproveRoute')).ApproveRoute }),
  },
  {
    path: PATHS.partner,
    lazy: async () => ({ Component: (await import('./routes/PartnerRoute')).PartnerRoute }),
  },
];

/** The applications that have access to the account, in the user layout. */
export const oauthUserRoutes: RouteObject[] = [
  {
    path: PATHS.access,
    lazy: async () => ({ Component: (await import('./routes/AccessRoute')).AccessRoute }),
  },
];
