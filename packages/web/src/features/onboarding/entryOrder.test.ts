import { describe, expect, it } from 'vitest';
import type { NavigationState } from '../../lib/guard';
import { PATHS } from '../../lib/paths';
import { onboardingEntryRule } from './entryOrder';

function visit(path: string, previousPath: string | null, extra: Partial<NavigationState> = {}) {
  return onboardingEntryRule({
    path,
    search: '',
    loggedIn: false,
    maintenance: false,
    previousPath,
    mfaForced: false,
    targetClientId: undefined,
    ...extra,
  });
}

const HOME = { kind: 'redirect', to: PATHS.onboarding };

describe('onboarding entry order (SPEC §2)', () => {
  it.each([
    [PATHS.onboardingCard, PATHS.onboarding],
    [PATHS.onboardingCard, PATHS.onboardingWelcome],
    [PATHS.onboardingCode, PATHS.onboarding],
    [PATHS.onboardingWelcome, PATHS.onboardingCard],
    [PATHS.onboardingWelcome, PATHS.onboardingTerms],
    [PATHS.onboardingTerms, PATHS.onboardingCreate],
    [PATHS.onboardingCreate, PATHS.onboardingEmailVerification],
    [PATHS.onboardingEmailVerification, PATHS.onboardingMfa],
    [PATHS.onboardingPhoneVerification, PATHS.onboardingEmailVerification],
    [PATHS.onboardingPassword, PATHS.onboardingPhoneVerification],
    [PATHS.onboardingConfirmation, PATHS.onboardingPassword],
    [PATHS.onboardingMfa, PATHS.onboardingPhoneVerification],
  ])('lets %s be entered from %s', (path, from) => {
    expect(visit(path, from)).toBeNull();
  });

  it.each([
    [PATHS.onboardingCard, PATHS.onboardingTerms],
    [PATHS.onboardingWelcome, PATHS.onboarding],
    [PATHS.onboardingCreate, PATHS.onboardingWelcome],
    [PATHS.onboardingPassword, PATHS.onboardingEmailVerification],
    [PATHS.onboardingConfirmation, PATHS.onboardingMfa],
    [PATHS.onboardingMfa, PATHS.onboardingCreate],
    [PATHS.onboardingMfa, PATHS.onboardingPassword],
  ])('sends %s entered from %s to /onboarding', (path, from) => {
    expect(visit(path, from)).toEqual(HOME);
  });

  it('sends a direct visit or a reload of a later step to /onboarding', () => {
    expect(visit(PATHS.onboardingPassword, null)).toEqual(HOME);
    expect(visit(PATHS.onboardingCreate, PATHS.dashboard)).toEqual(HOME);
  });

  it('lets the home screen resume the step of the flow in progress, and only that one', () => {
    const resume = (path: string) =>
      onboardingEntryRule(
        {
          path,
          search: '',
          loggedIn: false,
          maintenance: false,
          previousPath: PATHS.onboarding,
          mfaForced: false,
          targetClientId: undefined,
        },
        PATHS.onboardingCreate,
      );
    expect(resume(PATHS.onboardingCreate)).toBeNull();
    expect(resume(PATHS.onboardingPassword)).toEqual(HOME);
  });

  it('leaves the home screen and other routes alone', () => {
    expect(visit(PATHS.onboarding, null)).toBeNull();
    expect(visit(PATHS.loginEmail, null)).toBeNull();
  });
});
