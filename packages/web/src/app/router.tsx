import {
  createBrowserRouter,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
} from 'react-router';
import { dashboardRoutes } from '../features/dashboard/routes';
import { fuzzionRoutes } from '../features/fuzzion/routes';
import { legalRoutes } from '../features/legal/routes';
import { LoginRoute } from '../features/login/routes/LoginRoute';
import { mfaPageRoutes, mfaSecurityRoutes } from '../features/mfa/routes';
import { oauthPageRoutes, oauthUserRoutes } from '../features/oauth/routes';
import { onboardingEntryRule } from '../features/onboarding/entryOrder';
import { onboardingResumePath } from '../features/onboarding/onboardingStore';
import { onboardingRoutes } from '../features/onboarding/routes';
import { profileRoutes } from '../features/profile/routes';
import { recoveryRoutes } from '../features/recovery/routes';
import { securityPublicRoutes, securityRoutes } from '../features/security/routes';
import { sessionRoutes } from '../features/session/routes';
import { weakPasswordRoutes } from '../features/weak-password/routes';
import { ensureAreaStrings, ensureDeskStrings } from '../i18n';
import { ApiError, apiRequest, setApiEventHandlers } from '../lib/api';
import {
  decideNavigation,
  type MfaRule,
  type NavigationDecision,
  opensDuringMaintenance,
} from '../lib/guard';
import { maintenanceOn, rememberMaintenanceFrom, setMaintenanceOn } from '../lib/maintenance';
import { isNeutralPath, isPublicPath, PATHS } from '../lib/paths';
import { loadQueryClient } from '../lib/queryBridge';
import { forgetLostSession } from '../lib/session';
import { checkSession, startSessionWatch } from '../lib/sessionWatch';
import { announceSessionEnd, endSession, listenForSessionEnd, type SessionEndNotice } from '../lib/signOut';
import { sessionValue, tokenStore } from '../lib/storage';
import { clientIdOf, storedTargetUrl, storeTargetUrl } from '../lib/targetUrl';
import { fetchUser, userQuery } from '../lib/userQuery';
import { ErrorPage } from './layout/ErrorPage';
import { LoadingScreen } from './layout/LoadingScreen';
import { PublicLayout } from './layout/PublicLayout';
import { Shell } from './layout/Shell';
import { forcedMfaRule } from './mfaRule';
import { RootRoute } from './RootRoute';

/**
 * The forced-MFA and weak-password rules of SPEC §4 rule 6 (app/mfaRule.ts), then the onboarding
 * entry order of SPEC §2 (features/onboarding/entryOrder.ts).
 */
const mfaRule: MfaRule = (state) =>
  forcedMfaRule(state) ?? onboardingEntryRule(state, onboardingResumePath());

/**
 * Every page but the login pages: TanStack Query's provider (QueryLayout) and the feature areas'
 * texts, both loaded with the first such page; the login page loads without them
 * (docs/performance.md).
 */
const queryLayout = async () => {
  const [{ QueryLayout }] = await Promise.all([import('./layout/QueryLayout'), ensureAreaStrings()]);
  return { Component: QueryLayout };
};

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The profile overview and its edit pages. */
const isProfilePath = (path: string) => path === PATHS.profile || path.startsWith(`${PATHS.profile}/`);

/**
 * The guard's decision for a location (SPEC §4), without its side effects. `router` is null on
 * the first navigation: before hydration, and while the router is being created.
 */
export function decideFor(url: URL, router: AppRouter | null): NavigationDecision | null {
  return decideNavigation(
    {
      path: url.pathname,
      search: url.search,
      loggedIn: tokenStore.get() !== null,
      maintenance: maintenanceOn(),
      previousPath: router?.state.initialized ? router.state.location.pathname : null,
      mfaForced: sessionValue('mfaForced') !== null,
      targetClientId: clientIdOf(storedTargetUrl(), window.location.origin),
      weakPasswordPending: sessionValue('weakPassword') !== null,
    },
    mfaRule,
  );
}

/** The router the guard runs in: null until it is created (and in the build's pre-rendering). */
export interface RouterHolder {
  current: AppRouter | null;
}

/**
 * The route table; the build's pre-rendering (app/prerender.tsx) renders these same routes, without
 * calling a loader.
 */
export function createAppRoutes(holder: RouterHolder = { current: null }): RouteObject[] {
  /** The navigation guard: runs before every navigation (shouldRevalidate below). */
  async function guard({ request }: LoaderFunctionArgs) {
    const url = new URL(request.url);
    const decision = decideFor(url, holder.current);
    if (decision?.kind === 'login') storeTargetUrl(decision.target);
    if (decision?.kind === 'redirect' && decision.to === PATHS.maintenance)
      rememberMaintenanceFrom(`${url.pathname}${url.search}`);
    if (decision?.kind === 'logout') {
      // The request takes the token before the session is forgotten; once it is answered, the
      // other tabs holding that session check theirs and drop it.
      void apiRequest('/token', { method: 'DELETE', quiet: true })
        .catch(() => undefined)
        .finally(() => announceSessionEnd({ reason: 'loggedOut', verify: true }));
      endSession('mfaSetupLeft');
    }
    if (decision) throw redirect(decision.to);

    // SPEC §4 rule 4: a logged-in user is loaded (and cached) before a private page shows.
    if (tokenStore.get() !== null && !isPublicPath(url.pathname) && !isNeutralPath(url.pathname)) {
      try {
        const queryClient = await loadQueryClient();
        const options = {
          ...userQuery,
          queryFn: ({ signal }: { signal: AbortSignal }) => fetchUser(signal, true),
        };
        // The profile pages show and edit what another browser may have changed: read afresh
        // first; elsewhere the cached user.
        if (isProfilePath(url.pathname)) await queryClient.fetchQuery({ ...options, staleTime: 0 });
        else await queryClient.ensureQueryData(options);
        // The light check also reads how long the session lasts unused (the idle warning).
        const state = await checkSession({ quiet: true });
        if (state === 'ended') throw new ApiError(401, 'unauthorized', 'unauthorized');
        if (state === 'maintenance') throw new ApiError(503, 'maintenance', 'maintenance');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          endSession('sessionEnded');
          storeTargetUrl(`${url.pathname}${url.search}`);
          throw redirect(PATHS.loginEmail);
        }
        if (error instanceof ApiError && error.code === 'maintenance') {
          setMaintenanceOn(true);
          // The console shows a banner instead: its own API answers.
          if (opensDuringMaintenance(url.pathname, url.search)) return null;
          rememberMaintenanceFrom(`${url.pathname}${url.search}`);
          throw redirect(PATHS.maintenance);
        }
        // Anything else: the page shows its own error state with a retry.
      }
    }
    return null;
  }

  return [
    {
      id: 'root',
      loader: guard,
      shouldRevalidate: () => true,
      Component: RootRoute,
      ErrorBoundary: ErrorPage,
      HydrateFallback: LoadingScreen,
      children: [
        {
          // Named: its loader's answer is handed over when the pre-rendered page hydrates (hydration.ts).
          id: 'maintenance',
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
                { path: PATHS.forgotPassword, loader: () => redirect(PATHS.forgotPasswordEmail) },
                ...legalRoutes,
                {
                  lazy: queryLayout,
                  children: [
                    ...sessionRoutes,
                    ...securityPublicRoutes,
                    ...recoveryRoutes,
                    ...oauthPageRoutes,
                    ...mfaPageRoutes,
                    ...weakPasswordRoutes,
                    ...fuzzionRoutes,
                    ...onboardingRoutes,
                  ],
                },
              ],
            },
            {
              lazy: queryLayout,
              children: [
                {
                  // The administration console: a chunk of its own, with its own navigation and texts.
                  path: `${PATHS.admin}/*`,
                  lazy: async () => {
                    const [{ AdminArea }] = await Promise.all([
                      import('../features/admin/routes/AdminArea'),
                      ensureDeskStrings(),
                    ]);
                    return { Component: AdminArea };
                  },
                },
                {
                  lazy: async () => ({ Component: (await import('./layout/UserLayout')).UserLayout }),
                  children: [
                    ...dashboardRoutes,
                    ...oauthUserRoutes,
                    ...mfaSecurityRoutes,
                    ...securityRoutes,
                    ...profileRoutes,
                  ],
                },
              ],
            },
          ],
        },
        // The guard redirects `/`, `/login` and unknown paths before anything renders.
        { path: '*', Component: LoadingScreen },
      ],
    },
  ];
}

/**
 * What a tab does when another one announces a session end (lib/signOut.ts): after a global
 * logout it drops the account at once; after one session ended it asks the server whether its
 * own is alive (tabs may hold different sessions) and drops it if not.
 */
async function dropIfEnded(router: AppRouter, notice: SessionEndNotice): Promise<void> {
  if (tokenStore.get() === null) return;
  if (notice.verify) {
    try {
      await apiRequest('/user', { quiet: true });
      return;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) return;
    }
  }
  endSession(notice.verify ? 'sessionEnded' : notice.reason);
  await router.navigate(PATHS.loginEmail, { replace: true });
}

/**
 * The browser's router. With `hydrationData` (app/hydration.ts) it starts on the pre-rendered
 * page without running a loader, so that it renders exactly what the HTML shows.
 */
export function createAppRouter(
  routes: RouteObject[],
  holder: RouterHolder,
  hydrationData?: HydrationState,
): AppRouter {
  // The router runs the guard while it is being created, before `holder.current` is assigned.
  const router = createBrowserRouter(routes, { hydrationData });
  holder.current = router;
  setApiEventHandlers({
    // The next API answer that says so takes a user inside the app to the maintenance page.
    onMaintenance: () => {
      setMaintenanceOn(true);
      const { pathname, search } = router.state.location;
      // The console keeps working during maintenance (its API answers): it shows a banner instead.
      if (opensDuringMaintenance(pathname, search)) return;
      rememberMaintenanceFrom(`${pathname}${search}`);
      void router.navigate(PATHS.maintenance, { replace: true });
    },
    onUnauthorized: () => {
      // Without a token the session was already ended here, with its own reason (a late answer
      // of a call made before): only a session this tab still held ended elsewhere.
      if (tokenStore.get() === null) forgetLostSession();
      else endSession('sessionEnded', { keepTarget: true });
      void router.navigate(PATHS.loginEmail, { replace: true });
    },
  });
  // Another tab ended a session: drop this tab's account data at once, before any click.
  listenForSessionEnd((notice) => void dropIfEnded(router, notice));
  // Another browser ended it: learnt on focus and by a visible tab's poll (lib/sessionWatch.ts).
  startSessionWatch(() => {
    const path = router.state.location.pathname;
    return !isPublicPath(path) && !isNeutralPath(path);
  });
  return router;
}
