import type { NavigationDecision, NavigationState } from '../../lib/guard';
import { normalizePath, PATHS } from '../../lib/paths';

/**
 * SPEC §2 "Entry order rules for onboarding": each screen and the screens it may be entered from.
 * Anything else (a direct visit, a reload, a jump) goes to /onboarding, where a sign-up in progress
 * can be resumed. existingCard (a card already linked to an account) follows the code entry.
 */
export const ONBOARDING_ENTRY: Readonly<Record<string, readonly string[]>> = {
  [PATHS.onboardingCard]: [PATHS.onboarding, PATHS.onboardingWelcome, PATHS.onboardingExistingCard],
  [PATHS.onboardingCode]: [PATHS.onboarding, PATHS.onboardingWelcome],
  [PATHS.onboardingExistingCard]: [PATHS.onboardingCard, PATHS.onboardingCode],
  [PATHS.onboardingWelcome]: [PATHS.onboardingCode, PATHS.onboardingCard, PATHS.onboardingTerms],
  [PATHS.onboardingTerms]: [PATHS.onboardingWelcome, PATHS.onboardingCreate],
  [PATHS.onboardingCreate]: [PATHS.onboardingTerms, PATHS.onboardingEmailVerification],
  [PATHS.onboardingEmailVerification]: [
    PATHS.onboardingCreate,
    PATHS.onboardingPhoneVerification,
    PATHS.onboardingMfa,
    PATHS.onboardingDuplicate,
  ],
  [PATHS.onboardingPhoneVerification]: [
    PATHS.onboardingMfa,
    PATHS.onboardingEmailVerification,
    PATHS.onboardingDuplicate,
  ],
  [PATHS.onboardingPassword]: [
    PATHS.onboardingMfa,
    PATHS.onboardingPhoneVerification,
    PATHS.onboardingDuplicate,
  ],
  [PATHS.onboardingDuplicate]: [PATHS.onboardingMfa],
  [PATHS.onboardingConfirmation]: [PATHS.onboardingPassword],
  [PATHS.onboardingMfa]: [PATHS.onboardingEmailVerification, PATHS.onboardingPhoneVerification],
};

/**
 * The client half of the entry order (the server checks the flow's step on every call). `resumePath`
 * is the screen of the flow in progress, which the home screen may send to ("continue").
 */
export function onboardingEntryRule(
  state: NavigationState,
  resumePath: string | null = null,
): NavigationDecision | null {
  const path = normalizePath(state.path);
  const allowed = ONBOARDING_ENTRY[path];
  // Not an onboarding step; a logged-in user is sent home by the public-route rule.
  if (!allowed || state.loggedIn) return null;
  const from = state.previousPath === null ? null : normalizePath(state.previousPath);
  // Staying on the screen (a query change, a revalidation) is no entry.
  if (from === path) return null;
  if (from !== null && allowed.includes(from)) return null;
  if (from === PATHS.onboarding && resumePath === path) return null;
  return { kind: 'redirect', to: PATHS.onboarding };
}
