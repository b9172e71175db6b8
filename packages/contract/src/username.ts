import { z } from 'zod';
import { toE164 } from './phone';

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

export type Username = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

/**
 * A login name is an e-mail or a phone number (SPEC §5: "either an e-mail or a phone").
 * E-mails are compared lower-cased; phones as E.164 with the edition's default region.
 */
export function parseUsername(input: string, phoneRegion: 'BE' | 'LU'): Username | undefined {
  const trimmed = input.trim();
  if (trimmed.includes('@')) {
    const email = emailSchema.safeParse(trimmed);
    return email.success ? { kind: 'email', value: email.data } : undefined;
  }
  const phone = toE164(trimmed, phoneRegion);
  return phone ? { kind: 'phone', value: phone } : undefined;
}
