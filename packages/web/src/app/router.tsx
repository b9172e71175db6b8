import { createBrowserRouter, type LoaderFunctionArgs, redirect } from 'react-router';
import { LoginRoute } from '../features/login/routes/LoginRoute';
import { ApiError, setApiEventHandlers } from '../lib/api';
import { appConfig } from '../lib/config';
import { queryClient } from '../lib/queryClient';
import { forgetSession } from '../lib/session';
import { sessionValue, tokenStore } from '../lib/storage';
import { clientIdOf, storedTargetUrl, storeTargetUrl } from '../lib/targetUrl';
import { fetchUser, userQuery } from '../lib/user';
import { decideNavigation, type MfaRule, noMfaRule } from './guard';
import { ErrorPage } from './layout/ErrorPage';
import { LoadingScreen } from './layout/LoadingScreen';
import { PublicLayout } from './layout/PublicLayout';
import { Shell } from './layout/Shell';
import { isNeutralPath, isPublicPath, PATHS } from './paths';
import { RootRoute } from './RootRoute';

/** Replaced by the MFA issue with the forced-MFA rules of SPEC §4 rule 6. */
const mfaRule: MfaRule = noMfaRule;

export function createAppRouter() {
  // The router runs the guard while it is being created, before `router` below is assigned.
  let created: ReturnType<typeof createBrowserRouter> | undefined;

  /** The navigation guard: runs before every navigation (shouldRevalidate below). */
  async function guard({ request }: LoaderFunctionArgs) {
    const url = new URL(request.url);
    const origin = window.location.origin;
    const decision = decideNavigation(
      {
        path: url.pathname,
        search: url.search,
        loggedIn: tokenStore.get() !== null,
        maintenance: appConfig().maintenance,
        previousPath: created?.state.initialized ? created.state.location.pathname : null,
        mfaForced: sessionValue('mfaForced') !== null,
        targetClientId: clientIdOf(storedTargetUrl(), origin),
      },
      mfaRule,
    );
    if (decision?.kind === 'login') storeTargetUrl(decision.target);
    if (decision) throw redirect(decision.to);

    // SPEC §4 rule 4: a logged-in user is loaded (and cached) before a private page shows.
    if (tokenStore.get() !== null && !isPublicPath(url.pathname) && !isNeutralPath(url.pathname)) {
      try {
        await queryClient.ensureQueryData({ ...userQuery, queryFn: ({ signal }) => fetchUser(signal, true) });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          forgetSession();
          storeTargetUrl(`${url.pathname}${url.search}`);
          throw redirect(PATHS.loginEmail);
        }
        if (error instanceof ApiError && error.code === 'maintenance') throw redirect(PATHS.maintenance);
        // Anything else: the page shows its own error state with a retry.
      }
    }
    return null;
  }

  const router = createBrowserRouter([
    {
      id: 'root',
      loader: guard,
      shouldRevalidate: () => true,
      Component: RootRoute,
      ErrorBoundary: ErrorPage,
      HydrateFallback: LoadingScreen,
      children: [
        {
          path: PATHS.maintenance,
          lazy: async () => {
            const { MaintenanceRoute, loader } = await import(
              '../features/maintenance/routes/MaintenanceRoute'
            );
            return { Component: MaintenanceRoute, loader };
          },
        },
        {
          Component: Shell,
          children: [
            {
              Component: PublicLayout,
              children: [
                { path: PATHS.loginEmail, element: <LoginRoute mode="email" /> },
                { path: PATHS.loginPhone, element: <LoginRoute mode="phone" /> },
              ],
            },
            {
              lazy: async () => ({ Component: (await import('./layout/UserLayout')).UserLayout }),
              children: [
                {
                  path: PATHS.dashboard,
                  lazy: async () => ({
                    Component: (await import('../features/dashboard/routes/DashboardRoute')).DashboardRoute,
                  }),
                },
              ],
            },
          ],
        },
        // The guard redirects `/`, `/login` and unknown paths before anything renders.
        { path: '*', Component: LoadingScreen },
      ],
    },
  ]);

  created = router;
  setApiEventHandlers({
    onMaintenance: () => void router.navigate(PATHS.maintenance, { replace: true }),
    onUnauthorized: () => {
      forgetSession();
      void router.navigate(PATHS.loginEmail, { replace: true });
    },
  });
  return router;
}
