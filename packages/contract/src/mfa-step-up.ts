import { toE164 } from './phone';
import { emailSchema } from './username';

/**
 * A code target as typed, normalised the way an account stores its addresses (lower-case e-mail,
 * E.164 phone with the edition's region for a number typed without country code); undefined when
 * it does not parse.
 */
export function normaliseMfaTarget(kind: 'sms' | 'email', typed: string, phoneRegion: 'BE' | 'LU') {
  return kind === 'sms' ? toE164(typed, phoneRegion) : emailSchema.safeParse(typed).data;
}

/** What adding or editing an MFA method would change. */
export type MfaChange =
  | { kind: 'authenticator' }
  /** `target` normalised (normaliseMfaTarget), undefined when it does not parse. */
  | { kind: 'sms' | 'email'; target: string | undefined };

export interface MfaChangeFacts {
  /** The session must finish a forced MFA setup: it has nothing to step up with yet. */
  forcedSetup: boolean;
  /** The account's methods; placeholders (negative ids) and passkeys are not code methods. */
  methods: readonly { id: number; method: string }[];
  /** The addresses of the change's kind (e-mail or phone) the account has proven, normalised. */
  provenAddresses: readonly string[];
  change: MfaChange;
}

/**
 * Whether adding or editing an MFA method needs a step-up grant (SPEC §4 mfa-edit, decisions
 * 0006 and 0013). The API guards the change with it (403 sudo_required without a grant) and the
 * web client asks it before sending, so a form goes to the step-up first instead of collecting
 * that 403 (decision 0056): one rule, the same answer on both sides.
 *
 * Once the account has a code method, every change needs one. The first method needs one too,
 * unless it sends codes to an address the account has already proven: a new address becomes a
 * login and recovery contact, and an authenticator a factor for later step-ups, both ways in for
 * a stolen session. A forced setup needs none (its first method is what it steps up with later).
 */
export function mfaChangeNeedsStepUp(facts: MfaChangeFacts): boolean {
  if (facts.forcedSetup) return false;
  const hasCodeMethod = facts.methods.some((method) => method.id > 0 && method.method !== 'passkey');
  if (hasCodeMethod || facts.change.kind === 'authenticator') return true;
  const target = facts.change.target;
  return target === undefined || !facts.provenAddresses.includes(target);
}
