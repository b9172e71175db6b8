import type { EarlyAnswer } from './lib/earlySession';

// The entry's side of lib/earlySession.ts: the session resume and GET /api/user, sent while the
// app's code downloads, with what the app itself would send (the same headers and credentials).
// No runtime imports: anything shared with the app would pull the app's chunk into the entry.

/** `DEVICE_ID_STORAGE_KEY` and `SESSION_KEYS.token` of contract/constants.ts (earlyRequests.test.ts). */
export const DEVICE_ID_KEY = 'device-id';
export const TOKEN_KEY = 'token';

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function send(path: string, init: { method?: string; token?: string; deviceId: string }): EarlyAnswer {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
    'Content-Type': 'application/json',
    'X-Device-ID': init.deviceId,
  };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  // A network failure is left to the app's own request, which reports it as usual.
  return fetch(`/api${path}`, { method: init.method ?? 'GET', headers, credentials: 'same-origin' }).catch(
    () => undefined,
  );
}

async function tokenOf(response: Response | undefined): Promise<string | undefined> {
  if (!response?.ok) return undefined;
  const body: unknown = await response.json().catch(() => null);
  const token = (body as { access_token?: unknown } | null)?.access_token;
  return typeof token === 'string' && token.length > 0 ? token : undefined;
}

/**
 * The device id the app sends (lib/storage.ts `deviceId`), created here when this browser has none
 * yet, as the app's first request would. Undefined where it cannot be kept or made: the app then
 * makes its own.
 */
function deviceIdOf(): string | undefined {
  const stored = read(() => window.localStorage, DEVICE_ID_KEY);
  if (stored) return stored;
  if (typeof crypto.randomUUID !== 'function') return undefined;
  try {
    const created = crypto.randomUUID();
    window.localStorage.setItem(DEVICE_ID_KEY, created);
    return created;
  } catch {
    return undefined;
  }
}

/**
 * Starts the session resume (none when this tab holds a token) and then GET /api/user, the app's
 * first requests on a page that is not pre-rendered. Skipped when the address carries a login
 * token (app/boot.ts takes it) or the browser keeps no device id.
 */
export function startEarlyRequests(): void {
  if (window.location.hash.length > 1) return;
  const deviceId = deviceIdOf();
  if (!deviceId) return;
  const held = read(() => window.sessionStorage, TOKEN_KEY) ?? undefined;
  let resume: EarlyAnswer | undefined;
  let token: Promise<string | undefined> = Promise.resolve(held);
  if (!held) {
    // Two readers of one answer: the app reads the response, the token is read from its copy.
    const answers = send('/token/resume', { method: 'POST', deviceId }).then((response) =>
      response ? ([response, response.clone()] as const) : undefined,
    );
    resume = answers.then((pair) => pair?.[0]);
    token = answers.then((pair) => tokenOf(pair?.[1]));
  }
  const answer = token.then((value) => (value ? send('/user', { token: value, deviceId }) : undefined));
  window.vestibuleEarly = { resume, user: { token, answer } };
}
