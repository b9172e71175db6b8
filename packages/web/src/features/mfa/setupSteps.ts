import type { MfaMethod } from '@vestibule/contract/schemas/mfa';
import { PATHS } from '../../lib/paths';

export const hasMethod = (methods: readonly MfaMethod[], kind: MfaMethod['method']) =>
  methods.some((m) => m.method === kind && m.id > 0);

/** Forced setup order (SPEC §4): phone, then e-mail, then the confirmation. */
export function nextSetupStep(methods: readonly MfaMethod[]): string {
  if (!hasMethod(methods, 'sms')) return PATHS.setupMfaPhone;
  if (!hasMethod(methods, 'email')) return PATHS.setupMfaEmail;
  return PATHS.setupMfaConfirmation;
}

/** "Activate" on the intro: customers choose; others go to e-mail when an SMS method exists. */
export function activateTarget(customerVariant: boolean, methods: readonly MfaMethod[]): string {
  if (customerVariant) return PATHS.setupMfaSelection;
  return hasMethod(methods, 'sms') ? PATHS.setupMfaEmail : PATHS.setupMfaPhone;
}
