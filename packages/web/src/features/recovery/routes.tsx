import type { RouteObject } from 'react-router';
import { PATHS } from '../../lib/paths';

const forgotPassword = () => import('./routes/ForgotPasswordRoute');

/** Recovery screens (SPEC §2), one lazy chunk each. */
export const recoveryRoutes: RouteObject[] = [
  {
    path: PATHS.forgotPasswordEmail,
    lazy: async () => {
      const { ForgotPasswordRoute } = await forgotPassword();
      return { element: <ForgotPasswordRoute mode="email" /> };
    },
  },
  {
    path: PATHS.forgotPasswordPhone,
    lazy: async () => {
      const { ForgotPasswordRoute } = await forgotPassword();
      return { element: <ForgotPasswordRoute mode="phone" /> };
    },
  },
  {
    path: PATHS.forgotPasswordSent,
    lazy: async () => ({
      Component: (await import('./routes/ForgotPasswordSentRoute')).ForgotPasswordSentRoute,
    }),
  },
  {
    path: PATHS.resetPassword,
    lazy: async () => ({ Component: (await import('./routes/ResetPasswordRoute')).ResetPasswordRoute }),
  },
  {
    path: PATHS.resetPasswordConfirmed,
    lazy: async () => ({
      Component: (await import('./routes/ResetPasswordConfirmedRoute')).ResetPasswordConfirmedRoute,
    }),
  },
  {
    path: PATHS.forgotUsername,
    lazy: async () => ({ Component: (await import('./routes/ForgotUsernameRoute')).ForgotUsernameRoute }),
  },
  {
    path: PATHS.forgotUsernameResponse,
    lazy: async () => ({
      Component: (await import('./routes/ForgotUsernameResponseRoute')).ForgotUsernameResponseRoute,
    }),
  },
];
