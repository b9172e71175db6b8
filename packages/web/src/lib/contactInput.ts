import { toE164 } from '@vestibule/contract/phone';
import { emailSchema, parseUsername } from '@vestibule/contract/username';
import { currentEdition } from './edition';

/**
 * What a form can tell of a typed address before sending it, by the contract's rules the server
 * applies (api contacts/contact-challenge.ts, mfa/activate.routes.ts, profile/login-change.routes.ts):
 * the server's error code, or undefined when it may go. Whether another account uses the address
 * stays the server's verdict.
 */
export function contactInputError(
  kind: 'email' | 'phone',
  typed: string,
): 'invalid_email' | 'invalid_phone' | undefined {
  if (kind === 'email') return emailSchema.safeParse(typed).success ? undefined : 'invalid_email';
  return toE164(typed, currentEdition().phoneRegion) ? undefined : 'invalid_phone';
}

/** The same for a new login: an e-mail or a phone number (SPEC §5). */
export function loginInputError(typed: string): 'invalid_email' | 'invalid_phone' | undefined {
  if (parseUsername(typed, currentEdition().phoneRegion)) return undefined;
  return typed.includes('@') ? 'invalid_email' : 'invalid_phone';
}
