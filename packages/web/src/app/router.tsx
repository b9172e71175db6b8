import {
  createBrowserRouter,
  type HydrationState,
  type LoaderFunctionArgs,
  matchRoutes,
  type RouteObject,
  redirect,
} from 'react-router';
import { legalRoutes } from '../features/legal/routes';
import { LoginRoute } from '../features/login/routes/LoginRoute';
import { ensureAreaStrings, ensureDeskStrings } from '../i18n';
import { setApiEventHandlers } from '../lib/api';
import { dropToken } from '../lib/dropToken';
import {
  decideNavigation,
  type MfaRule,
  type NavigationDecision,
  opensDuringMaintenance,
} from '../lib/guard';
import { maintenanceOn, rememberMaintenanceFrom, setMaintenanceOn } from '../lib/maintenance';
import { isNeutralPath, isPublicPath, normalizePath, PATHS } from '../lib/paths';
import { forgetLostSession } from '../lib/session';
import { announceSessionEnd, endSession } from '../lib/signOut';
import { sessionValue, tokenStore } from '../lib/storage';
import { clientIdOf, storedTargetUrl, storeTargetUrl } from '../lib/targetUrl';
import { ErrorPage } from './layout/ErrorPage';
import { LoadingScreen } from './layout/LoadingScreen';
import { PublicLayout } from './layout/PublicLayout';
import { Shell } from './layout/Shell';
import { addFeatureTitles } from './pageTitle';
import { RootRoute } from './RootRoute';

/** The forced-MFA rules of SPEC §4 rule 6 and the onboarding entry order of SPEC §2, once loaded. */
let forcedRule: MfaRule | undefined;
let onboardingRule: MfaRule | undefined;

/**
 * The guard's rules that a signed-out visit to the login page never needs load with their first
 * use, and the guard waits for them before deciding: the forced-MFA rules (app/mfaRule.ts) with a
 * session or a forced setup (they decide nothing without either), the onboarding entry order
 * (features/onboarding/entryOrder.ts) and the flow's store it reads with the onboarding paths.
 */
export async function loadNavigationRules(path: string): Promise<void> {
  const rules: Promise<void>[] = [];
  if (!forcedRule && (tokenStore.get() !== null || sessionValue('mfaForced') !== null))
    rules.push(
      import('./mfaRule').then((module) => {
        forcedRule = module.forcedMfaRule;
      }),
    );
  if (!onboardingRule && normalizePath(path).startsWith(PATHS.onboarding))
    rules.push(
      Promise.all([
        import('../features/onboarding/entryOrder'),
        import('../features/onboarding/onboardingStore'),
      ]).then(([{ onboardingEntryRule }, { onboardingResumePath }]) => {
        onboardingRule = (state) => onboardingEntryRule(state, onboardingResumePath());
      }),
    );
  await Promise.all(rules);
}

/** SPEC §4 rule 6 (forced MFA, weak password), then the onboarding entry order of SPEC §2. */
const mfaRule: MfaRule = (state) => forcedRule?.(state) ?? onboardingRule?.(state) ?? null;

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

/** The features' route tables under the query layouts (app/featureRoutes.ts), by layout id. */
const loadFeatureRoutes = async () => {
  const { featureRoutes, featureTitles } = await import('./featureRoutes');
  addFeatureTitles(featureTitles);
  return featureRoutes;
};

/**
 * Puts the features' route tables under their layouts when `path` needs them (only the catch-all
 * matches it without them), before a router is created on these routes: the pre-rendering, and
 * the browser before it hydrates a pre-rendered page. A router created without them finds them
 * on its first navigation to such a path (createAppRouter).
 */
export async function addFeatureRoutes(routes: RouteObject[], path: string): Promise<void> {
  if (matchRoutes(routes, path)?.at(-1)?.route.path !== '*') return;
  const tables = await loadFeatureRoutes();
  const place = (list: RouteObject[]) => {
    for (const route of list) {
      if (route.id && tables[route.id] && !route.children?.length) route.children = tables[route.id];
      place(route.children ?? []);
    }
  };
  place(routes);
}

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
    await loadNavigationRules(url.pathname);
    const decision = decideFor(url, holder.current);
    if (decision?.kind === 'login') storeTargetUrl(decision.target);
    if (decision?.kind === 'redirect' && decision.to === PATHS.maintenance)
      rememberMaintenanceFrom(`${url.pathname}${url.search}`);
    if (decision?.kind === 'logout') {
      // The request takes the token before the session is forgotten; once it is answered, the
      // other tabs holding that session check theirs and drop it.
      void dropToken({ quiet: true }).then(() => announceSessionEnd({ reason: 'loggedOut', verify: true }));
      endSession('mfaSetupLeft');
    }
    if (decision) throw redirect(decision.to);

    // SPEC §4 rule 4 and the session's watches: a chunk of their own, loaded with the first session.
    if (tokenStore.get() !== null) {
      const signedIn = await import('./signedIn');
      signedIn.watchSession(holder);
      if (!isPublicPath(url.pathname) && !isNeutralPath(url.pathname)) return signedIn.checkSignedIn(url);
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
                // Its children: the features' public pages (addFeatureRoutes).
                { id: 'publicPages', lazy: queryLayout },
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
                  // Its children: the features' signed-in pages (addFeatureRoutes).
                  id: 'userPages',
                  lazy: async () => ({ Component: (await import('./layout/UserLayout')).UserLayout }),
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
 * The browser's router. With `hydrationData` (app/hydration.ts) it starts on the pre-rendered
 * page without running a loader, so that it renders exactly what the HTML shows.
 */
export function createAppRouter(
  routes: RouteObject[],
  holder: RouterHolder,
  hydrationData?: HydrationState,
): AppRouter {
  let discovered = false;
  // The router runs the guard while it is being created, before `holder.current` is assigned.
  const router = createBrowserRouter(routes, {
    hydrationData,
    // The first navigation only the catch-all matches brings the features' route tables.
    async patchRoutesOnNavigation({ patch, signal }) {
      if (discovered) return;
      const tables = await loadFeatureRoutes();
      if (signal.aborted) return;
      for (const [id, children] of Object.entries(tables)) patch(id, children);
      discovered = true;
    },
  });
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
  return router;
}
