import { maskPhone } from '@vestibule/contract/phone';
import type { MfaMethod } from '@vestibule/contract/schemas/mfa';

/**
 * A target as the method list shows it: the login answer is masked by the server already; the
 * logged-in list is not, and a step-up screen should not show a full number over a shoulder.
 */
export function maskTarget(method: MfaMethod['method'], target: string | null): string | null {
  if (!target) return target;
  if (method === 'email') {
    if (target.includes('*')) return target;
    const [local = '', domain = ''] = target.split('@');
    return `${local.slice(0, 1)}***@${domain}`;
  }
  // Screens keep it on one line with i18n/KeptValues (the server's masked number too).
  if (method === 'sms') return target.includes('*') ? target : (maskPhone(target) ?? target);
  return target;
}
