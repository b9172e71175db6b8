import type { RecoveryTechnology } from '@vestibule/contract/schemas/recovery';
import { removeSessionValue, sessionValue, setSessionValue } from '../../lib/storage';

/**
 * The forgot-password flow between its screens (sessionStorage `recovery`, so a reload keeps it):
 * what was typed, where the code went, and once verified the reset token.
 */
export interface RecoveryState {
  username: string;
  usernameKind: 'email' | 'phone';
  payload: string;
  recipient: string[];
  technology: RecoveryTechnology;
  /** Epoch ms from which a resend is allowed. */
  resendAt: number;
  resetToken?: string;
  /** Set once the password is changed: only the confirmation screen remains. */
  done?: boolean;
}

export function readRecovery(): RecoveryState | undefined {
  const raw = sessionValue('recovery');
  if (!raw) return undefined;
  try {
    const state = JSON.parse(raw) as RecoveryState;
    return typeof state.username === 'string' && typeof state.payload === 'string' ? state : undefined;
  } catch {
    return undefined;
  }
}

export function writeRecovery(state: RecoveryState): void {
  setSessionValue('recovery', JSON.stringify(state));
}

export function clearRecovery(): void {
  removeSessionValue('recovery');
}
