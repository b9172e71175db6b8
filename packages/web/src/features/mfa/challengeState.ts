import type { MfaChallengeResponse, MfaMethodKind } from '@vestibule/contract/schemas/mfa';
import { removeSessionValue, sessionValue, setSessionValue } from '../../lib/storage';
import { resendAtFrom } from '../../lib/useCountdown';

/**
 * The code challenge in progress between /mfa/methods and /mfa (sessionStorage `mfaPayload`, so
 * a reload keeps it): its payload, how to draw the code screen, and when a resend is allowed.
 */
export interface ChallengeState {
  payload: string;
  mfaId: number;
  method: MfaMethodKind;
  target: string | null;
  codeLength: number | null;
  /** Epoch ms from which a resend is allowed; null when the method has no resend. */
  resendAt: number | null;
}

export function challengeStateFrom(
  mfaId: number,
  answer: MfaChallengeResponse,
  now = Date.now(),
): ChallengeState {
  return {
    payload: answer.payload,
    mfaId,
    method: answer.method,
    target: answer.target,
    codeLength: answer.code_length,
    resendAt: resendAtFrom(answer.resend_in, now),
  };
}

export function readChallenge(): ChallengeState | undefined {
  const raw = sessionValue('mfaPayload');
  if (!raw) return undefined;
  try {
    const state = JSON.parse(raw) as ChallengeState;
    return typeof state.payload === 'string' && typeof state.method === 'string' ? state : undefined;
  } catch {
    return undefined;
  }
}

export function writeChallenge(state: ChallengeState): void {
  setSessionValue('mfaPayload', JSON.stringify(state));
}

export function clearChallenge(): void {
  removeSessionValue('mfaPayload');
}
