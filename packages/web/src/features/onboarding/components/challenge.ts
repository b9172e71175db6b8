import type { OnboardingChallenge } from '@vestibule/contract/schemas/onboarding';
import type { StoredOnboarding } from '../onboardingStore';

/** The code on its way, with the time from which a resend is allowed. */
export function withResendAt(challenge: OnboardingChallenge): NonNullable<StoredOnboarding['challenge']> {
  return { ...challenge, resendAt: Date.now() + challenge.resend_in * 1000 };
}
