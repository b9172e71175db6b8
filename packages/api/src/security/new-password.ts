import type { ErrorCode } from '@vestibule/contract/errors';
import type { PersonalData } from '@vestibule/contract/password';
import type { FastifyRequest } from 'fastify';
// The breach corpus hangs on the Fastify instance (its type comes with the module).
import type {} from './breached-passwords';
import { passwordRuleError } from './password-policy';

/**
 * Why a new password (sign-up, reset, change, weak-password flow) is refused, or undefined: the
 * rules of DESIGN §4 with the offline list, then the breach corpus (security/breached-passwords.ts).
 */
export async function newPasswordError(
  request: FastifyRequest,
  password: string,
  personal: PersonalData,
): Promise<ErrorCode | undefined> {
  const broken = passwordRuleError(password, personal);
  if (broken) return broken;
  return (await request.server.breachedPasswords.isBreached(password)) ? 'password_breached' : undefined;
}
