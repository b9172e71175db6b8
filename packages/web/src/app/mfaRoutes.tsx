import type { RouteObject } from 'react-router';
import { PATHS } from '../lib/paths';
import { requireStepUp } from '../lib/stepUp';

// MFA, forced setup and weak-password screens, each a lazy chunk: the login route's
// JavaScript stays small.

const mfa = () => import('../features/mfa/routes/MfaRoute');
const setupDone = () => import('../features/mfa/routes/SetupDoneRoutes');
const contact = () => import('../features/mfa/routes/SetupContactRoute');
const security = () => import('../features/mfa/routes/SecurityMfaRoutes');

/** Focused screens without the sidebar (login MFA, step-up, setup, weak password). */
export const mfaPageRoutes: RouteObject[] = [
  { path: PATHS.mfa, lazy: async () => ({ Component: (await mfa()).MfaRoute }) },
  {
    path: PATHS.mfaMethods,
    lazy: async () => ({
      Component: (await import('../features/mfa/routes/MfaMethodsRoute')).MfaMethodsRoute,
    }),
  },
  {
    path: PATHS.mfaTotpRecovery,
    lazy: async () => ({
      Component: (await import('../features/mfa/routes/TotpRecoveryRoute')).TotpRecoveryRoute,
    }),
  },
  {
    path: PATHS.setupMfa,
    lazy: async () => ({
      Component: (await import('../features/mfa/routes/SetupIntroRoute')).SetupIntroRoute,
    }),
  },
  {
    path: PATHS.setupMfaSelection,
    lazy: async () => ({
      Component: (await import('../features/mfa/routes/SetupSelectionRoute')).SetupSelectionRoute,
    }),
  },
  {
    path: PATHS.setupMfaPhone,
    lazy: async () => {
      const { SetupContactRoute } = await contact();
      return { element: <SetupContactRoute key="sms" kind="sms" /> };
    },
  },
  {
    path: PATHS.setupMfaEmail,
    lazy: async () => {
      const { SetupContactRoute } = await contact();
      return { element: <SetupContactRoute key="email" kind="email" /> };
    },
  },
  {
    path: PATHS.setupMfaTotp,
    lazy: async () => ({ Component: (await import('../features/mfa/routes/SetupTotpRoute')).SetupTotpRoute }),
  },
  {
    path: PATHS.setupMfaConfirmation,
    lazy: async () => ({ Component: (await setupDone()).SetupConfirmationRoute }),
  },
  { path: PATHS.setupMfaSuccess, lazy: async () => ({ Component: (await setupDone()).SetupSuccessRoute }) },
  {
    path: PATHS.setupTotpSuccess,
    lazy: async () => ({
      Component: (await import('../features/mfa/routes/SetupTotpSuccessRoute')).SetupTotpSuccessRoute,
    }),
  },
  { path: PATHS.totpRedirect, lazy: async () => ({ Component: (await setupDone()).TotpRedirectRoute }) },
  {
    path: PATHS.weakPassword,
    lazy: async () => ({
      Component: (await import('../features/weak-password/routes/WeakPasswordRoute')).WeakPasswordRoute,
    }),
  },
];

/** Security screens of MFA, in the user layout, behind a step-up (SPEC §4 rule 5). */
export const mfaSecurityRoutes: RouteObject[] = [
  {
    path: PATHS.securityMfaEdit,
    loader: requireStepUp('mfa-edit'),
    lazy: async () => ({ Component: (await security()).MfaEditRoute }),
  },
  {
    path: PATHS.securityEditRecovery,
    loader: requireStepUp('edit-recovery'),
    lazy: async () => ({ Component: (await security()).EditRecoveryRoute }),
  },
];
