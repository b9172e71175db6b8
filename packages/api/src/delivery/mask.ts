import { callingCode } from '@vestibule/contract/phone';

/**
 * Recipients as they may appear in logs: enough to tell messages apart, not enough to identify
 * anyone. `employee@demo.test` → `e***@demo.test`, `+32470000001` → `+32 *** ** 01`.
 */
export function maskRecipient(recipient: string): string {
  const at = recipient.lastIndexOf('@');
  if (at > 0) return `${recipient[0]}***${recipient.slice(at)}`;
  const digits = recipient.replace(/\D/g, '');
  if (digits.length >= 6) {
    const country = callingCode(`+${digits}`) ?? digits.slice(0, 2);
    return `+${country} *** ** ${digits.slice(-2)}`;
  }
  return '***';
}
