import { toE164 } from '@vestibule/contract/phone';
import type { MfaMethod } from '@vestibule/contract/schemas/mfa';
import type { User } from '@vestibule/contract/schemas/user';
import { emailSchema } from '@vestibule/contract/username';

export interface StepUpFacts {
  /** The account is held to MFA (its setup session needs no step-up while it lasts). */
  forced: boolean;
  /** The session holds a step-up grant (GET /api/mfa/status). */
  sudo: boolean;
  /** The account's methods as GET /api/mfa lists them. */
  methods: readonly MfaMethod[];
  user: User | undefined;
  phoneRegion: 'BE' | 'LU';
}

/**
 * Whether sending this MFA target would only be answered 403 sudo_required, by the server's rule
 * (api mfa/activate.routes.ts requireSudoForSettings): a step-up is needed unless the session holds
 * one, or the account has no code method yet and the target is an address it already proved. The
 * form then goes to the step-up without sending (no console error on an ordinary path, decision
 * 0056). A forced account is left to the server, which alone knows whether its setup session is
 * still restricted.
 */
export function needsStepUpFirst(kind: 'sms' | 'email', target: string, facts: StepUpFacts): boolean {
  if (facts.forced || facts.sudo) return false;
  const codeMethods = facts.methods.filter((method) => method.id > 0 && method.method !== 'passkey');
  if (codeMethods.length > 0) return true;
  const proven =
    kind === 'sms'
      ? (facts.user?.phone ?? []).filter((phone) => phone.verified).map((phone) => phone.phone)
      : (facts.user?.email ?? []).filter((email) => email.verified).map((email) => email.email);
  const normalised = kind === 'sms' ? toE164(target, facts.phoneRegion) : emailSchema.safeParse(target).data;
  return normalised === undefined || !proven.includes(normalised);
}
