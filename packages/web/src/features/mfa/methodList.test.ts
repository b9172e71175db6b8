import type { MfaMethod } from '@vestibule/contract/schemas/mfa';
import type { User } from '@vestibule/contract/schemas/user';
import { describe, expect, it } from 'vitest';
import { setupNeeded } from '../../lib/afterLogin';
import { stepUpChoices } from './methodList';

const method = (id: number, kind: MfaMethod['method']): MfaMethod => ({
  id,
  method: kind,
  target: kind === 'email' ? 'ann@example.com' : null,
  primary: false,
  created_at: null,
});

const user = {
  email: [{ id: 1, email: 'ann@example.com', default: true, verified: true }],
  phone: [{ id: 2, phone: '+32470000001', default: true, verified: true }],
} as unknown as User;

describe('passkeys in the method lists', () => {
  it('a step-up offers the passkey, then the codes to the primary contacts when no code method exists', () => {
    expect(stepUpChoices([method(7, 'passkey')], user).map((m) => [m.method, m.id])).toEqual([
      ['passkey', 7],
      ['sms', -1],
      ['email', -2],
    ]);
  });

  it('with code methods, the step-up offers what is set up, passkey first as the server sends it', () => {
    const methods = [method(7, 'passkey'), method(3, 'email')];
    expect(stepUpChoices(methods, user)).toEqual(methods);
  });

  it('a passkey counts as the second factor of a forced user (no setup owed)', () => {
    const forced = { mfa_forced: true, mfa_customer: false };
    expect(setupNeeded(forced, [method(7, 'passkey')], undefined)).toBe('none');
    expect(setupNeeded(forced, [method(3, 'email')], undefined)).toBe('forced');
  });
});
