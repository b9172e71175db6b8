import { ApiError, apiRequest, lazySchema } from './api';
import { tokenStore } from './storage';

// A session ended elsewhere (a global logout, a session closed in Security, a password change) must
// not keep showing the account's data. The SPA asks the server with a light check (GET
// /api/session, which does not count as activity) on every navigation, when the tab gets the
// focus back and every few seconds while it is visible; an ended session takes the global 401
// path (lib/api.ts → endSession: data dropped, login with its notice). The check also says how
// long the session lasts unused, for the idle warning.

/** How often a visible tab checks. */
export const POLL_MS = 10_000;
/** The idle warning shows this long before the idle end. */
export const IDLE_WARNING_SECONDS = 120;
/** Checks closer than this reuse the last answer (a navigation right after a focus). */
const MIN_GAP_MS = 1_500;

const sessionCheckSchema = lazySchema(
  async () => (await import('@vestibule/contract/schemas/security')).sessionCheckResponseSchema,
);

export type SessionState = 'alive' | 'ended' | 'maintenance' | 'unknown';

let secondsLeft: number | null = null;
let lastCheck = 0;
const listeners = new Set<() => void>();

function setSecondsLeft(next: number | null): void {
  if (next === secondsLeft) return;
  secondsLeft = next;
  for (const listener of listeners) listener();
}

/** The seconds left before the idle end at the last check, null when unknown or signed out. */
export function idleSecondsLeft(): number | null {
  return secondsLeft;
}

/** For useSyncExternalStore: told when the seconds left change. */
export function subscribeIdle(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * One light check. `quiet` (the navigation guard) leaves a 401 or 503 to the caller; otherwise
 * they take the app's global paths (login with its notice, the maintenance page).
 */
export async function checkSession({ quiet = false, force = false } = {}): Promise<SessionState> {
  if (tokenStore.get() === null) {
    setSecondsLeft(null);
    return 'ended';
  }
  if (!force && Date.now() - lastCheck < MIN_GAP_MS) return 'alive';
  lastCheck = Date.now();
  try {
    const answer = await apiRequest('/session', { schema: sessionCheckSchema, quiet });
    setSecondsLeft(answer.seconds_left);
    return 'alive';
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setSecondsLeft(null);
      return 'ended';
    }
    if (error instanceof ApiError && error.code === 'maintenance') return 'maintenance';
    return 'unknown';
  }
}

/** A signed-in use of the API, which counts as activity: the idle clock starts again. */
export async function staySignedIn(): Promise<void> {
  await apiRequest('/user');
  await checkSession({ force: true });
}

const visible = () => document.visibilityState === 'visible';

/** Starts the focus, visibility and poll checks; `active` says whether the page shows account data. */
export function startSessionWatch(active: () => boolean): () => void {
  const check = () => {
    if (visible() && active()) void checkSession();
  };
  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', check);
  const timer = window.setInterval(check, POLL_MS);
  return () => {
    window.removeEventListener('focus', check);
    document.removeEventListener('visibilitychange', check);
    window.clearInterval(timer);
  };
}
