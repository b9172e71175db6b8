import { readFileSync } from 'node:fs';
import type { ErrorCode } from '@vestibule/contract/errors';
import { brokenLocalPasswordRules, type PersonalData } from '@vestibule/contract/password';

let blocklist: Set<string> | undefined;

/** The offline blocklist of common passwords, loaded once. */
function commonPasswords(): Set<string> {
  blocklist ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#')),
  );
  return blocklist;
}

/**
 * A password on the blocklist as typed (case aside), or once its trailing digits and symbols are
 * stripped ("Summer2024!" is "summer"), or made of one repeated character.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const stem = lower.replace(/[\d\W_]+$/u, '');
  const list = commonPasswords();
  return list.has(lower) || (stem.length >= 3 && list.has(stem)) || /^(.)\1*$/u.test(lower);
}

/** The first broken password rule of DESIGN §4 as an error code, or undefined when it passes. */
export function passwordRuleError(password: string, personal: PersonalData): ErrorCode | undefined {
  const broken = brokenLocalPasswordRules(password, personal);
  if (broken.includes('length')) return [...password].length < 8 ? 'password_too_short' : 'password_too_long';
  if (isCommonPassword(password)) return 'password_common';
  if (broken.includes('not_personal')) return 'password_personal';
  return undefined;
}
