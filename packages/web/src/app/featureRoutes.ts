import type { RouteObject } from 'react-router';
import { dashboardRoutes } from '../features/dashboard/routes';
import { fuzzionRoutes } from '../features/fuzzion/routes';
import { mfaPageRoutes, mfaSecurityRoutes } from '../features/mfa/routes';
import { oauthPageRoutes, oauthUserRoutes } from '../features/oauth/routes';
import { onboardingRoutes } from '../features/onboarding/routes';
import { profileRoutes } from '../features/profile/routes';
import { recoveryRoutes } from '../features/recovery/routes';
import { securityPublicRoutes, securityRoutes } from '../features/security/routes';
import { sessionRoutes } from '../features/session/routes';
import { weakPasswordRoutes } from '../features/weak-password/routes';

export { featureTitles } from './featureTitles';

/**
 * The features' route tables under the query layouts, by the id of their layout (app/router.tsx):
 * a chunk of its own, loaded with the first page that needs them, not with the login page.
 */
export const featureRoutes: Record<string, RouteObject[]> = {
  publicPages: [
    ...sessionRoutes,
    ...securityPublicRoutes,
    ...recoveryRoutes,
    ...oauthPageRoutes,
    ...mfaPageRoutes,
    ...weakPasswordRoutes,
    ...fuzzionRoutes,
    ...onboardingRoutes,
  ],
  userPages: [
    ...dashboardRoutes,
    ...oauthUserRoutes,
    ...mfaSecurityRoutes,
    ...securityRoutes,
    ...profileRoutes,
  ],
};
