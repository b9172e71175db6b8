import type { MfaMethod } from '@vestibule/contract/schemas/mfa';
import type { User } from '@vestibule/contract/schemas/user';
import { describe, expect, it } from 'vitest';
import { needsStepUpFirst, type StepUpFacts } from './stepUpFirst';

const user = {
  email: [
    { id: 1, email: 'emma@demo.test', default: true, verified: true },
    { id: 2, email: 'new@demo.test', default: false, verified: false },
  ],
  phone: [{ id: 3, phone: '+32470000001', default: true, verified: true }],
} as unknown as User;
const method = (id: number, kind: MfaMethod['method']) => ({ id, method: kind }) as MfaMethod;
const facts = (overrides: Partial<StepUpFacts> = {}): StepUpFacts => ({
  forced: false,
  sudo: false,
  methods: [],
  user,
  phoneRegion: 'BE',
  ...overrides,
});

// The server's rule (api mfa/activate.routes.ts requireSudoForSettings), case by case.
describe('needsStepUpFirst', () => {
  it('the first method to an address the account proved needs none', () => {
    expect(needsStepUpFirst('email', 'Emma@Demo.Test', facts())).toBe(false);
    expect(needsStepUpFirst('sms', '0470 00 00 01', facts())).toBe(false);
  });

  it('a new or unproven address needs one, also as the first method', () => {
    expect(needsStepUpFirst('email', 'other@demo.test', facts())).toBe(true);
    expect(needsStepUpFirst('email', 'new@demo.test', facts())).toBe(true);
    expect(needsStepUpFirst('sms', '0470 00 00 02', facts())).toBe(true);
  });

  it('once the account has a code method, every change needs one (placeholders and passkeys aside)', () => {
    expect(needsStepUpFirst('email', 'emma@demo.test', facts({ methods: [method(5, 'totp')] }))).toBe(true);
    expect(
      needsStepUpFirst(
        'email',
        'emma@demo.test',
        facts({ methods: [method(-1, 'sms'), method(6, 'passkey')] }),
      ),
    ).toBe(false);
  });

  it('a live grant, or a forced setup (the server knows whether it is still restricted), sends at once', () => {
    expect(needsStepUpFirst('email', 'other@demo.test', facts({ sudo: true }))).toBe(false);
    expect(needsStepUpFirst('email', 'other@demo.test', facts({ forced: true }))).toBe(false);
  });
});
