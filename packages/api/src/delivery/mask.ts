import { maskPhone } from '@vestibule/contract/phone';

/**
 * Recipients as they may appear in logs: enough to tell messages apart, not enough to identify
 * anyone. `employee@demo.test` → `e***@demo.test`, `+32470000001` → `+32 *** ** ** 01`.
 */
export function maskRecipient(recipient: string): string {
  const at = recipient.lastIndexOf('@');
  if (at > 0) return `${recipient[0]}***${recipient.slice(at)}`;
  return maskPhone(recipient) ?? '***';
}
