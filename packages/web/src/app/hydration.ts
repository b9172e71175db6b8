import { type HydrationState, matchRoutes, type RouteObject } from 'react-router';

/** What the build pre-renders into `#root` (scripts/prerender.mjs, app/prerender.tsx). */
export interface PrerenderedPage {
  /** The path rendered, e.g. `/login/email`. */
  path: string;
  edition: string;
  locale: string;
}

/** The pre-rendered page in `#root`, if the server sent one. */
export function prerenderedPage(root: HTMLElement): PrerenderedPage | undefined {
  const { prerenderedPath: path, edition, locale } = root.dataset;
  return path && edition && locale ? { path, edition, locale } : undefined;
}

/**
 * Makes the routes of `path` ready to render at once, as the router would after a navigation:
 * their lazy modules are loaded and merged in, their loaders run (except the root's guard, which
 * the caller has decided), and their answers are returned as the router's hydration data.
 * Without it the router would first show its fallback, which is not what the HTML shows.
 * Undefined when a matched loader has no route id to file its answer under.
 */
export async function prepareRoutes(routes: RouteObject[], url: URL): Promise<HydrationState | undefined> {
  const matches = matchRoutes(routes, url.pathname) ?? [];
  for (const { route } of matches) {
    if (typeof route.lazy !== 'function') continue;
    const loaded = await route.lazy();
    Object.assign(route, loaded);
    delete route.lazy;
  }
  const loaderData: Record<string, unknown> = {};
  for (const { route, params } of matches) {
    if (!route.loader || typeof route.loader !== 'function') continue;
    if (!route.id) return undefined;
    if (route.id === 'root') {
      loaderData.root = null;
      continue;
    }
    loaderData[route.id] = await route.loader({
      request: new Request(url),
      params,
      context: undefined,
      unstable_pattern: '',
    } as never);
  }
  return { loaderData };
}
