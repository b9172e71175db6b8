import { ACCOUNT_STORAGE_KEY, DEVICE_ID_STORAGE_KEY, SESSION_KEYS } from '@vestibule/contract/constants';
import type { User } from '@vestibule/contract/schemas/user';

// Browser storage of SPEC §3. Storage may be unavailable (privacy modes): every access is guarded
// and the app keeps working for the current page, the user just logs in again after a refresh.

function safeGet(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function safeSet(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    console.info('Browser storage is unavailable: login is required again after a refresh.');
  }
}

function safeRemove(storage: () => Storage, key: string): void {
  try {
    storage().removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; build the same v4 UUID from getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let memoryDeviceId: string | undefined;

/** The device identifier sent as X-Device-ID: created on first use, kept in localStorage. */
export function deviceId(): string {
  const stored = safeGet(local, DEVICE_ID_STORAGE_KEY);
  if (stored && UUID_PATTERN.test(stored)) return stored;
  memoryDeviceId ??= randomUuid();
  safeSet(local, DEVICE_ID_STORAGE_KEY, memoryDeviceId);
  return memoryDeviceId;
}

export const tokenStore = {
  get: (): string | null => safeGet(session, SESSION_KEYS.token),
  set: (token: string): void => safeSet(session, SESSION_KEYS.token, token),
};

export function sessionValue(key: keyof typeof SESSION_KEYS): string | null {
  return safeGet(session, SESSION_KEYS[key]);
}

export function setSessionValue(key: keyof typeof SESSION_KEYS, value: string): void {
  safeSet(session, SESSION_KEYS[key], value);
}

export function removeSessionValue(key: keyof typeof SESSION_KEYS): void {
  safeRemove(session, SESSION_KEYS[key]);
}

/**
 * A login handed over in the URL hash, waiting for the user to confirm the account (decision
 * 0068): the code, the hash's other values and where the link pointed. Not a session key: it
 * outlives the session it may replace.
 */
export interface PendingHandover {
  code: string;
  payload: string | undefined;
  isOriginApp: boolean;
  target: string;
}

const HANDOVER_KEY = 'handover';

export const handoverStore = {
  get(): PendingHandover | null {
    try {
      const value = JSON.parse(safeGet(session, HANDOVER_KEY) ?? 'null') as PendingHandover | null;
      return value && typeof value.code === 'string' && typeof value.target === 'string' ? value : null;
    } catch {
      return null;
    }
  },
  set: (pending: PendingHandover): void => safeSet(session, HANDOVER_KEY, JSON.stringify(pending)),
  clear: (): void => safeRemove(session, HANDOVER_KEY),
};

/**
 * Caches the account as JSON under `account` (SPEC §3): only what the first paint needs, the
 * greeting's first name and the interface language. localStorage outlives the tab and any script
 * of the page can read it: no contact, IBAN, birth date or internal id goes there (decision 0068).
 */
export function cacheAccount(user: Pick<User, 'firstname' | 'language'>): void {
  safeSet(local, ACCOUNT_STORAGE_KEY, JSON.stringify({ firstname: user.firstname, language: user.language }));
}

/** Drops the account cache: no session is left on this browser (the login cookie resumed none). */
export function forgetCachedAccount(): void {
  safeRemove(local, ACCOUNT_STORAGE_KEY);
}

/** Forgets everything a logged-in session left behind (logout, revoked token). The device id stays. */
export function clearSessionState(): void {
  for (const key of Object.values(SESSION_KEYS)) safeRemove(session, key);
  safeRemove(local, ACCOUNT_STORAGE_KEY);
}
