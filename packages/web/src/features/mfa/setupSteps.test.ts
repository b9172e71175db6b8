import type { MfaMethod } from '@vestibule/contract/schemas/mfa';
import { describe, expect, it } from 'vitest';
import { activateTarget, nextSetupStep } from './setupSteps';

const m = (id: number, method: MfaMethod['method']): MfaMethod => ({
  id,
  method,
  target: null,
  primary: false,
  created_at: null,
});

describe('setup steps', () => {
  it('goes phone, e-mail, confirmation', () => {
    expect(nextSetupStep([])).toBe('/setup-mfa/phone');
    expect(nextSetupStep([m(1, 'sms')])).toBe('/setup-mfa/email');
    expect(nextSetupStep([m(1, 'sms'), m(2, 'email')])).toBe('/setup-mfa/confirmation');
  });

  it('ignores placeholders (negative ids)', () => {
    expect(nextSetupStep([m(-1, 'sms'), m(-2, 'email')])).toBe('/setup-mfa/phone');
  });

  it('sends Activate to the selection for customers, else to e-mail when an SMS method exists', () => {
    expect(activateTarget(true, [])).toBe('/setup-mfa/selection');
    expect(activateTarget(false, [m(3, 'sms')])).toBe('/setup-mfa/email');
    expect(activateTarget(false, [m(-1, 'sms')])).toBe('/setup-mfa/phone');
  });
});
