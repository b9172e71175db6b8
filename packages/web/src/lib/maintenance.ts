import { type AnswerParser, apiRequest } from './api';
import { appConfig } from './config';

// Whether the portal is in maintenance, as last heard: the page's configuration at load, then
// any API answer 503 `maintenance` (on) and the maintenance page's checks of /api/status (off).
// The guard reads it on every navigation (app/router.tsx).

let heard: boolean | undefined;

/** Where the user was when maintenance took over (sessionStorage: a reload keeps it). */
const FROM_KEY = 'maintenance_from';

export function maintenanceOn(): boolean {
  return heard ?? appConfig().maintenance;
}

export function setMaintenanceOn(on: boolean): void {
  heard = on;
}

/** Remembers the page maintenance interrupted, to go back to it once maintenance is over. */
export function rememberMaintenanceFrom(path: string): void {
  if (path.startsWith('/maintenance')) return;
  try {
    window.sessionStorage.setItem(FROM_KEY, path);
  } catch {
    // Without storage the user goes home afterwards.
  }
}

/** The page maintenance interrupted (forgotten once read), else `/` (the guard's home). */
export function takeMaintenanceFrom(): string {
  try {
    const from = window.sessionStorage.getItem(FROM_KEY);
    window.sessionStorage.removeItem(FROM_KEY);
    // Only a path of this site: never an address another site could have put there.
    if (from?.startsWith('/') && !from.startsWith('//')) return from;
  } catch {
    // Nothing stored.
  }
  return '/';
}

/** The answer of GET /api/status, checked by hand: the maintenance page loads without zod. */
const statusAnswer: AnswerParser<boolean> = {
  parse(input) {
    const on = (input as { maintenance?: unknown } | null)?.maintenance;
    if (typeof on !== 'boolean') throw new Error('GET /api/status: unexpected answer');
    return on;
  },
};

/** Whether the server says the portal is in maintenance now. */
export function fetchMaintenanceOn(): Promise<boolean> {
  return apiRequest('/status', { quiet: true, schema: statusAnswer });
}
