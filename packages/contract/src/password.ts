import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/**
 * Password rules of DESIGN §4 (NIST 800-63B), listed by the weak-password screen in this order.
 * No composition rules; the common-password blocklist is checked by the API (it ships the list).
 */
export const PASSWORD_RULES = [
  { id: 'length', min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
  { id: 'not_common' },
  { id: 'not_personal' },
] as const;
export type PasswordRuleId = (typeof PASSWORD_RULES)[number]['id'];

export interface PersonalData {
  emails?: readonly string[];
  firstname?: string | null;
  lastname?: string | null;
}

/** Rules the SPA can check alone: length, and no e-mail (or its local part) or name inside. */
export function brokenLocalPasswordRules(password: string, personal: PersonalData = {}): PasswordRuleId[] {
  const broken: PasswordRuleId[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) broken.push('length');
  const lower = password.toLowerCase();
  const words = [
    ...(personal.emails ?? []).flatMap((email) => [email, email.split('@')[0] ?? '']),
    personal.firstname ?? '',
    personal.lastname ?? '',
  ]
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word.length >= 3);
  if (words.some((word) => lower.includes(word))) broken.push('not_personal');
  return broken;
}

/** What a form can tell of a new password before sending it (the server's codes, same order). */
export type LocalPasswordError = 'password_too_short' | 'password_too_long' | 'password_personal';

/**
 * The first broken rule a form can judge alone, as the error code the server would answer, or
 * undefined. The server checks these first too (api security/password-policy.ts); the blocklist
 * and the breach check stay its verdict.
 */
export function localPasswordError(
  password: string,
  personal: PersonalData = {},
): LocalPasswordError | undefined {
  const broken = brokenLocalPasswordRules(password, personal);
  if (broken.includes('length'))
    return [...password].length < PASSWORD_MIN_LENGTH ? 'password_too_short' : 'password_too_long';
  if (broken.includes('not_personal')) return 'password_personal';
  return undefined;
}
