import type { MfaMethodKind } from '@vestibule/contract/schemas/mfa';
import type { AppContext } from '../../../http/context';
import { type Challenge, createChallenge, type NewChallenge } from '../../../security/challenges/challenge';

/** The user a challenge is for, as strategies need it. */
export interface ChallengeUser {
  id: number;
  edition: string;
  language: string;
}

export interface StartChallengeInput {
  /** `login_code`, `sudo` or `activate`. */
  purpose: string;
  user: ChallengeUser;
  /** The set-up method (sms, email, totp) or, for a new target, null. */
  methodId: number | null;
  /** Where the code goes (sms, email). */
  target: string | null;
  parentId?: string | null;
  sessionId?: number | null;
  deviceId?: string | null;
  data?: Record<string, unknown>;
}

/** What a strategy reads of the server's context: the sealing keys and the settings. */
export type StrategyContext = Pick<AppContext, 'secrets' | 'config'>;

/**
 * One authentication method (CONVENTIONS: one strategy per method), used alike by login, step-up
 * and settings: start a challenge (send a code, or just prepare one), then check a code for it.
 */
export interface MfaStrategy {
  readonly kind: MfaMethodKind;
  /** Digits of the code, or null for a recovery key. */
  readonly codeLength: number | null;
  /** Whether the code is sent and can be sent again (SPEC §4: no resend for totp, totpRecovery). */
  readonly sendsCode: boolean;
  start(trx: AppContext['db'], ctx: StrategyContext, input: StartChallengeInput): Promise<Challenge>;
  /** True when the code opens the challenge; may record its use in the same transaction. */
  check(trx: AppContext['db'], ctx: StrategyContext, challenge: Challenge, code: string): Promise<boolean>;
}

/** The challenge row a strategy's start asks for: who, why, and the login or step-up it belongs to. */
export function newChallenge(input: StartChallengeInput, channel: MfaMethodKind): NewChallenge {
  return {
    purpose: input.purpose,
    userId: input.user.id,
    edition: input.user.edition,
    channel,
    methodId: input.methodId,
    parentId: input.parentId ?? null,
    sessionId: input.sessionId ?? null,
    deviceId: input.deviceId ?? null,
    data: input.data ?? {},
  };
}

/** A method that sends nothing (authenticator, recovery key): its challenge is only prepared. */
export function silentStrategy(
  kind: MfaMethodKind,
  codeLength: number | null,
  check: MfaStrategy['check'],
): MfaStrategy {
  return {
    kind,
    codeLength,
    sendsCode: false,
    start: (trx, ctx, input) => createChallenge(trx, ctx.secrets, newChallenge(input, kind)),
    check,
  };
}
