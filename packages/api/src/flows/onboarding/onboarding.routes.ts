import { onboardingCompleteRoutes } from './complete.routes';
import { onboardingNotMeRoutes } from './not-me.routes';
import { onboardingStartRoutes } from './start.routes';
import { onboardingStepRoutes } from './steps.routes';
import { onboardingVerificationRoutes } from './verification.routes';

/** Every onboarding endpoint (docs/decisions/0011-onboarding.md), in flow order. */
export const onboardingRoutes = [
  ...onboardingStartRoutes,
  ...onboardingStepRoutes,
  ...onboardingVerificationRoutes,
  ...onboardingCompleteRoutes,
  ...onboardingNotMeRoutes,
];
