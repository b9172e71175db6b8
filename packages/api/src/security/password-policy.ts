import { readFileSync } from 'node:fs';
import type { ErrorCode } from '@vestibule/contract/errors';
import { localPasswordError, type PersonalData } from '@vestibule/contract/password';
import { LineSet } from './line-set';

let blocklist: LineSet | undefined;

/** The offline blocklist of common passwords, loaded once (as bytes: line-set.ts). */
function commonPasswords(): LineSet {
  blocklist ??= new LineSet(readFileSync(new URL('./common-passwords.txt', import.meta.url)));
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
  // The rules a form judges before sending (contract localPasswordError), with the blocklist
  // between the length and the personal data, as DESIGN §4 lists them.
  const local = localPasswordError(password, personal);
  if (local === 'password_too_short' || local === 'password_too_long') return local;
  if (isCommonPassword(password)) return 'password_common';
  return local;
}
