import { maskPhone } from '@vestibule/contract/phone';
import type { MfaMethod } from '@vestibule/contract/schemas/mfa';

/**
 * A target as the method list shows it: the login answer is masked by the server already; the
 * logged-in list is not, and a step-up screen should not show a full number over a shoulder.
 */
export function maskTarget(method: MfaMethod['method'], target: string | null): string | null {
  if (!target || target.includes('*')) return target;
  if (method === 'email') {
    const [local = '', domain = ''] = target.split('@');
    return `${local.slice(0, 1)}***@${domain}`;
  }
  if (method === 'sms') return maskPhone(target) ?? target;
  return target;
}
