import type { MfaRule } from '../lib/guard';
import { isPublicPath, normalizePath, PATHS } from '../lib/paths';
import { isFirstPartyClient } from '../lib/targetUrl';

// SPEC §4 rule 6, the forced-MFA part, plugged into decideNavigation (guard.ts). The server holds
// the same line (403 mfa_setup_required on a restricted session); this keeps the user on the
// setup screens instead of showing pages that would fail.

/** The setup-mfa screens (and the authenticator success screen that ends one of them). */
export function isSetupPath(path: string): boolean {
  const p = normalizePath(path);
  return [PATHS.setupMfa, '/setup-totp'].some((root) => p === root || p.startsWith(`${root}/`));
}

/** Where a forced user may go besides setup: the merge screens and MFA code validation. */
const FORCED_EXEMPT: readonly string[] = [
  '/duplicated',
  '/fuzzion-success',
  PATHS.mfa,
  PATHS.mfaTotpRecovery,
];

export const forcedMfaRule: MfaRule = (state) => {
  const path = normalizePath(state.path);
  if (path === PATHS.mfa || path === PATHS.mfaMethods) return null;
  const fromSetup = state.previousPath !== null && isSetupPath(state.previousPath);

  // Leaving setup-mfa for a non-setup route while forced ends the session.
  if (state.mfaForced && fromSetup && !isSetupPath(path)) return { kind: 'logout', to: PATHS.loginEmail };

  if (!state.loggedIn) return null;
  // A weak password is replaced before anything else (the session is restricted until then).
  if (state.weakPasswordPending && path !== PATHS.weakPassword)
    return { kind: 'redirect', to: `${PATHS.weakPassword}?verified=true` };

  if (
    state.mfaForced &&
    isFirstPartyClient(state.targetClientId) &&
    !fromSetup &&
    !isSetupPath(path) &&
    !isPublicPath(path) &&
    !FORCED_EXEMPT.includes(path)
  )
    return { kind: 'redirect', to: PATHS.setupMfa };
  return null;
};
