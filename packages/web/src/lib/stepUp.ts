import type { MfaStatus } from '@vestibule/contract/schemas/mfa';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { ApiError, apiRequest, lazySchema } from './api';
import { PATHS } from './paths';
import { tokenStore } from './storage';

// SPEC §4 rule 5: security-sensitive routes need a recent step-up (sudo) grant, else the user
// proves a factor on mfa-methods (single=true) and comes back. The server refuses the sensitive
// calls without the grant anyway (403 sudo_required); this spares the user a form that would fail.

/** The security-sensitive routes of SPEC §4 rule 5, by route name, with their paths. */
export const SENSITIVE_ROUTES = {
  'mfa-edit': '/security/mfa-edit',
  'edit-recovery': '/security/edit-recovery',
  'edit-password': '/security/edit-password',
  'edit-credentials': '/profile/edit-credentials',
  'edit-iban': '/profile/edit-iban',
  'my-data': '/security/my-data',
  'close-account': '/security/close-account',
} as const;
export type SensitiveRouteName = keyof typeof SENSITIVE_ROUTES;

// The router loads this module with the first page: the schema loads on use (docs/performance.md).
const mfaStatusResponseSchema = lazySchema(
  async () => (await import('@vestibule/contract/schemas/mfa')).mfaStatusResponseSchema,
);

/** GET /api/mfa/status: whether the session holds a live step-up grant. */
export function fetchMfaStatus(signal?: AbortSignal) {
  return apiRequest('/mfa/status', { schema: mfaStatusResponseSchema, signal, quiet: true });
}

/** mfa-methods in step-up mode (single=true), coming back to `redirect` (a same-origin path). */
export function stepUpPath(redirectTo: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ single: 'true', redirect: redirectTo, ...extra });
  return `${PATHS.mfaMethods}?${params}`;
}

/**
 * Route loader for a sensitive route: lets it render when the session holds a step-up grant,
 * otherwise redirects to mfa-methods with single=true and a redirect back to the same URL.
 * Use: `{ path: SENSITIVE_ROUTES['edit-iban'], loader: requireStepUp('edit-iban'), lazy: … }`.
 */
export function requireStepUp(routeName: SensitiveRouteName) {
  return async function stepUpLoader({ request }: LoaderFunctionArgs) {
    const url = new URL(request.url);
    // Loaders run beside the root guard: without a session the guard sends the user to login.
    if (tokenStore.get() === null) return null;
    let status: MfaStatus;
    try {
      status = await fetchMfaStatus(request.signal);
    } catch (error) {
      // A lost or restricted session is the guard's and the page's to handle.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
      throw error;
    }
    if (status.sudo) return { sudoExpiresAt: status.sudo_expires_at, routeName };
    throw redirect(stepUpPath(`${url.pathname}${url.search}`));
  };
}

/**
 * A staff member's step-up (decision 0076): a grant for the desk's next minutes, proved with an
 * authenticator app or a passkey only (the server refuses a grant made with an SMS or e-mail code).
 */
export function staffStepUpPath(redirectTo: string): string {
  return stepUpPath(redirectTo, { single: 'false', factors: 'app-or-key' });
}

/** For a 403 sudo_required met inside a screen (a single grant already used): step up again. */
export function stepUpAgainPath(): string {
  return stepUpPath(`${window.location.pathname}${window.location.search}`);
}
