import { type createBrowserRouter, redirect } from 'react-router';
import { ApiError, apiRequest } from '../lib/api';
import { opensDuringMaintenance } from '../lib/guard';
import { rememberMaintenanceFrom, setMaintenanceOn } from '../lib/maintenance';
import { isNeutralPath, isPublicPath, PATHS } from '../lib/paths';
import { loadQueryClient } from '../lib/queryBridge';
import { listenForSessionEnd } from '../lib/sessionEndListener';
import { checkSession, startSessionWatch } from '../lib/sessionWatch';
import { endSession, type SessionEndNotice } from '../lib/signOut';
import { tokenStore } from '../lib/storage';
import { storeTargetUrl } from '../lib/targetUrl';
import { fetchUser, userQuery } from '../lib/userQuery';

// What the guard does once a session exists (app/router.tsx): a chunk loaded with the first
// navigation that holds a token, so the signed-out login page loads without it.

/** The app's router, once created (app/router.tsx's RouterHolder). */
interface RouterHolder {
  current: ReturnType<typeof createBrowserRouter> | null;
}

/** The profile overview and its edit pages. */
const isProfilePath = (path: string) => path === PATHS.profile || path.startsWith(`${PATHS.profile}/`);

/** SPEC §4 rule 4: a logged-in user is loaded (and cached) before a private page shows. */
export async function checkSignedIn(url: URL): Promise<null> {
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
  return null;
}

/**
 * What a tab does when another one announces a session end (lib/signOut.ts): after a global
 * logout it drops the account at once; after one session ended it asks the server whether its
 * own is alive (tabs may hold different sessions) and drops it if not.
 */
async function dropIfEnded(holder: RouterHolder, notice: SessionEndNotice): Promise<void> {
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
  await holder.current?.navigate(PATHS.loginEmail, { replace: true });
}

const watched = new WeakSet<RouterHolder>();

/**
 * Started with a router's first session, before its page shows: another tab ending a session
 * drops this tab's account data at once, before any click; another browser ending it is learnt on
 * focus and by a visible tab's poll (lib/sessionWatch.ts). Both do nothing without a session.
 */
export function watchSession(holder: RouterHolder): void {
  if (watched.has(holder)) return;
  watched.add(holder);
  // The root route's follow of the account's language (app/RootRoute.tsx): ready when a page shows.
  void import('./userLanguage');
  listenForSessionEnd((notice) => void dropIfEnded(holder, notice));
  startSessionWatch(() => {
    const path = holder.current?.state.location.pathname;
    return path !== undefined && !isPublicPath(path) && !isNeutralPath(path);
  });
}
