import type { RouteObject } from 'react-router';
import { PATHS } from '../../lib/paths';

// Onboarding screens (SPEC §2), one lazy chunk each, under the public layout. The entry order is
// enforced by the navigation guard (entryOrder.ts) and by the server's flow step.

export const onboardingRoutes: RouteObject[] = [
  {
    path: PATHS.onboarding,
    lazy: async () => ({ Component: (await import('./routes/HomeRoute')).HomeRoute }),
  },
  {
    path: PATHS.onboardingCard,
    lazy: async () => ({ Component: (await import('./routes/CardRoute')).CardRoute }),
  },
  {
    path: PATHS.onboardingCode,
    lazy: async () => ({ Component: (await import('./routes/CodeRoute')).CodeRoute }),
  },
  {
    path: PATHS.onboardingExistingCard,
    lazy: async () => ({ Component: (await import('./routes/ExistingCardRoute')).ExistingCardRoute }),
  },
  {
    path: PATHS.onboardingWelcome,
    lazy: async () => ({ Component: (await import('./routes/WelcomeRoute')).WelcomeRoute }),
  },
  {
    path: PATHS.onboardingTerms,
    lazy: async () => ({ Component: (await import('./routes/TermsRoute')).TermsRoute }),
  },
  {
    path: PATHS.onboardingCreate,
    lazy: async () => ({ Component: (await import('./routes/CreateRoute')).CreateRoute }),
  },
  {
    path: PATHS.onboardingDuplicate,
    lazy: async () => ({ Component: (await import('./routes/DuplicateFoundRoute')).DuplicateFoundRoute }),
  },
  {
    path: PATHS.onboardingEmailVerification,
    lazy: async () => ({
      Component: (await import('./routes/EmailVerificationRoute')).EmailVerificationRoute,
    }),
  },
  {
    path: PATHS.onboardingPhoneVerification,
    lazy: async () => ({
      Component: (await import('./routes/PhoneVerificationRoute')).PhoneVerificationRoute,
    }),
  },
  {
    path: PATHS.onboardingMfa,
    lazy: async () => ({ Component: (await import('./routes/OnboardingMfaRoute')).OnboardingMfaRoute }),
  },
  {
    path: PATHS.onboardingPassword,
    lazy: async () => ({ Component: (await import('./routes/PasswordRoute')).PasswordRoute }),
  },
  {
    path: PATHS.onboardingConfirmation,
    lazy: async () => ({ Component: (await import('./routes/ConfirmationRoute')).ConfirmationRoute }),
  },
  {
    path: PATHS.invitationNotMe,
    lazy: async () => ({ Component: (await import('./routes/InvitationNotMeRoute')).InvitationNotMeRoute }),
  },
];
