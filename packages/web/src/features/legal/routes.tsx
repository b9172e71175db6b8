import type { RouteObject } from 'react-router';
import { PATHS } from '../../lib/paths';

/** The privacy notice and the terms: public, and shown without TanStack Query. */
export const legalRoutes: RouteObject[] = [
  {
    path: PATHS.privacy,
    lazy: async () => ({ Component: (await import('./routes/LegalRoute')).PrivacyRoute }),
  },
  {
    path: PATHS.terms,
    lazy: async () => ({ Component: (await import('./routes/LegalRoute')).TermsRoute }),
  },
];
