import type { RouteObject } from 'react-router';
import { PATHS } from '../../lib/paths';
import { requireStepUp } from '../../lib/stepUp';

// MFA and forced setup screens, each a lazy chunk: the login route's JavaScript stays small.

const mfa = () => import('./routes/MfaRoute');
const setupDone = () => import('./routes/SetupDoneRoutes');
const contact = () => import('./routes/SetupContactRoute');
const security = () => import('./routes/SecurityMfaRoutes');

/** Focused screens without the sidebar (login MFA, step-up, setup). */
export const mfaPageRoutes: RouteObject[] = [
  { path: PATHS.mfa, lazy: async () => ({ Component: (await mfa()).MfaRoute }) },
  {
    path: PATHS.mfaMethods,
    lazy: async () => ({
      Component: (await import('./routes/MfaMethodsRoute')).MfaMethodsRoute,
    }),
  },
  {
    path: PATHS.mfaTotpRecovery,
    lazy: async () => ({
      Component: (await import('./routes/TotpRecoveryRoute')).TotpRecoveryRoute,
    }),
  },
  {
    path: PATHS.setupMfa,
    lazy: async () => ({
      Component: (await import('./routes/SetupIntroRoute')).SetupIntroRoute,
    }),
  },
  {
    path: PATHS.setupMfaSelection,
    lazy: async () => ({
      Component: (await import('./routes/SetupSelectionRoute')).SetupSelectionRoute,
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
    lazy: async () => ({ Component: (await import('./routes/SetupTotpRoute')).SetupTotpRoute }),
  },
  {
    path: PATHS.setupMfaConfirmation,
    lazy: async () => ({ Component: (await setupDone()).SetupConfirmationRoute }),
  },
  { path: PATHS.setupMfaSuccess, lazy: async () => ({ Component: (await setupDone()).SetupSuccessRoute }) },
  {
    path: PATHS.setupTotpSuccess,
    lazy: async () => ({
      Component: (await import('./routes/SetupTotpSuccessRoute')).SetupTotpSuccessRoute,
    }),
  },
  { path: PATHS.totpRedirect, lazy: async () => ({ Component: (await setupDone()).TotpRedirectRoute }) },
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
