import type { MfaActivateFuzzion } from '@vestibule/contract/schemas/mfa';
import type {
  OnboardingChallenge,
  OnboardingState,
  OnboardingStep,
} from '@vestibule/contract/schemas/onboarding';
import { PATHS } from '../../lib/paths';

// The sign-up between its screens. The server owns the flow; the SPA keeps its id (localStorage,
// so that a closed browser can resume it on this device), a copy of the last state and the code on
// its way (sessionStorage), and the screen the home page may resume to.

const FLOW_ID_KEY = 'onboarding_flow';
/** When the server forgets that flow (its expires_at): past it, the home page does not ask for it. */
const FLOW_EXPIRES_KEY = 'onboarding_flow_expires';
const STATE_KEY = 'onboarding';
const RESUME_KEY = 'onboarding_resume';

export interface StoredOnboarding {
  state: OnboardingState;
  /** The code on its way, with the epoch ms from which a resend is allowed. */
  challenge?: OnboardingChallenge & { resendAt: number };
  /** The session of the new account, stored as the login token when the user leaves confirmation. */
  token?: string;
  /** The merge offered to the new account (a proven contact another account uses). */
  fuzzion?: MfaActivateFuzzion;
}

function storage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readOnboarding(): StoredOnboarding | undefined {
  const raw = storage('session')?.getItem(STATE_KEY);
  if (!raw) return undefined;
  try {
    const stored = JSON.parse(raw) as StoredOnboarding;
    return typeof stored.state?.id === 'string' ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function writeOnboarding(stored: StoredOnboarding): void {
  storage('session')?.setItem(STATE_KEY, JSON.stringify(stored));
  storage('local')?.setItem(FLOW_ID_KEY, stored.state.id);
  storage('local')?.setItem(FLOW_EXPIRES_KEY, stored.state.expires_at);
}

export function clearOnboarding(): void {
  storage('session')?.removeItem(STATE_KEY);
  storage('session')?.removeItem(RESUME_KEY);
  storage('local')?.removeItem(FLOW_ID_KEY);
  storage('local')?.removeItem(FLOW_EXPIRES_KEY);
}

/** The id of a sign-up started on this device, if any. */
export function savedFlowId(): string | null {
  return storage('local')?.getItem(FLOW_ID_KEY) ?? null;
}

/**
 * Whether the sign-up started on this device is known to have expired: asking the server for it
 * would only answer 410 (a console error in every such visitor's browser).
 */
export function savedFlowExpired(now = Date.now()): boolean {
  const expires = Date.parse(storage('local')?.getItem(FLOW_EXPIRES_KEY) ?? '');
  return Number.isFinite(expires) && expires <= now;
}

export function onboardingResumePath(): string | null {
  return storage('session')?.getItem(RESUME_KEY) ?? null;
}

export function setResumePath(path: string): void {
  storage('session')?.setItem(RESUME_KEY, path);
}

/** The screen that does a server step. */
export const SCREEN_OF_STEP: Record<OnboardingStep, string> = {
  terms: PATHS.onboardingWelcome,
  create: PATHS.onboardingCreate,
  email: PATHS.onboardingEmailVerification,
  phone: PATHS.onboardingPhoneVerification,
  password: PATHS.onboardingPassword,
  done: PATHS.onboardingConfirmation,
};

const ORDER: readonly OnboardingStep[] = ['terms', 'create', 'email', 'phone', 'password', 'done'];

/** Whether the flow has reached a step. */
export function reached(state: OnboardingState, step: OnboardingStep): boolean {
  return ORDER.indexOf(state.step) >= ORDER.indexOf(step);
}
