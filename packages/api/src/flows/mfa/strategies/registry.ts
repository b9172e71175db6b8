import type { MfaMethodKind } from '@vestibule/contract/schemas/mfa';
import { emailStrategy, smsStrategy } from './message-code.strategy';
import type { MfaStrategy } from './strategy';
import { totpStrategy } from './totp.strategy';
import { totpRecoveryStrategy } from './totp-recovery.strategy';

// Card (SPEC §3) is not offered: this portal has no card-verification back end (docs/decisions/0006).
const STRATEGIES: Record<MfaMethodKind, MfaStrategy> = {
  sms: smsStrategy,
  email: emailStrategy,
  totp: totpStrategy,
  totpRecovery: totpRecoveryStrategy,
};

export function strategyFor(kind: MfaMethodKind): MfaStrategy {
  return STRATEGIES[kind];
}
