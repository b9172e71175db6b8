import { isAdminPath, isNeutralPath, isPublicPath, isRoutedPath, normalizePath, PATHS } from './paths';

// The navigation guard of SPEC §4 as a pure decision, run by the root loader on every navigation
// (router.tsx). Rule 1 (hash token) runs at start-up (boot.ts), rule 2 (bearer header) in
// lib/api.ts, rule 4 (cache the user) in the loader after this decision lets the page through.

export interface NavigationState {
  /** Path of the next location. */
  path: string;
  /** Query string of the next location, with its `?`, or ''. */
  search: string;
  /** A session token is held (sessionStorage). */
  loggedIn: boolean;
  /** The server says the portal is in maintenance. */
  maintenance: boolean;
  /** Path of the current location, null on the first navigation. */
  previousPath: string | null;
  /** sessionStorage `mfa_forced` is set (forced MFA setup, MFA issue). */
  mfaForced: boolean;
  /** client_id of the stored target URL, for the forced-MFA rule. */
  targetClientId: string | undefined;
  /** sessionStorage `weak_password`: the login said the password is weak, not yet replaced. */
  weakPasswordPending?: boolean;
}

export type NavigationDecision =
  | { kind: 'redirect'; to: string }
  /** Store the requested location as the target URL, then go to login. */
  | { kind: 'login'; to: string; target: string }
  /** End the session (forced MFA setup left, SPEC §4 rule 6), then go to `to`. */
  | { kind: 'logout'; to: string };

/**
 * Hook point for the forced-MFA rules of SPEC §4 rule 6 (setup-mfa redirect, logout when leaving
 * setup-mfa). The MFA issue implements it; it runs before the public/logged-in rules.
 */
export type MfaRule = (state: NavigationState) => NavigationDecision | null;
export const noMfaRule: MfaRule = () => null;

/**
 * The console and the step-up of its changes (mfa-methods, back to /admin): their API answers
 * during maintenance too, so the operator can switch it off there.
 */
export function opensDuringMaintenance(path: string, search: string): boolean {
  if (isAdminPath(path)) return true;
  if (normalizePath(path) !== PATHS.mfaMethods) return false;
  return isAdminPath(new URLSearchParams(search).get('redirect') ?? '');
}

export function decideNavigation(
  state: NavigationState,
  mfaRule: MfaRule = noMfaRule,
): NavigationDecision | null {
  const path = normalizePath(state.path);

  // Maintenance wins over everything: no screen can work while the API answers 503. The console is
  // the exception: the admin API answers, and the operator switches maintenance off there.
  if (state.maintenance && path !== PATHS.maintenance && !opensDuringMaintenance(path, state.search))
    return { kind: 'redirect', to: PATHS.maintenance };
  // Rule 3: /login always goes to login.email.
  if (path === PATHS.login) return { kind: 'redirect', to: PATHS.loginEmail };
  // Unknown paths (and `/`) go home.
  if (path === PATHS.home || !isRoutedPath(path)) return { kind: 'redirect', to: PATHS.dashboard };
  if (isNeutralPath(path)) return null;

  // Rule 6.
  const mfaDecision = mfaRule(state);
  if (mfaDecision) return mfaDecision;
  // Rule 6 applies "on routes other than mfa and mfa-methods": the login's MFA step is reached
  // before a session exists, the step-up one with it.
  if (path === PATHS.mfa || path === PATHS.mfaMethods) return null;
  const isPublic = isPublicPath(path);
  // weak-password is public but is where a session with a weak password must go (after MFA).
  if (state.loggedIn && isPublic && path !== PATHS.weakPassword)
    return { kind: 'redirect', to: PATHS.dashboard };
  if (!state.loggedIn && !isPublic)
    return { kind: 'login', to: PATHS.loginEmail, target: `${path}${state.search}` };
  return null;
}
