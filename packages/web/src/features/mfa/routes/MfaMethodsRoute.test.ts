import { describe, expect, it } from 'vitest';
import { cancelTarget } from './MfaMethodsRoute';

describe('cancelTarget (Cancel on a step-up)', () => {
  it('gives a step-up-guarded page way to its section, so Cancel never loops back to the step-up', () => {
    expect(cancelTarget('/security/mfa-edit')).toBe('/security');
    expect(cancelTarget('/profile/edit-iban')).toBe('/profile');
  });

  it('goes back to an unguarded page, and to the dashboard without a same-origin one', () => {
    expect(cancelTarget('/setup-mfa/email')).toBe('/setup-mfa/email');
    expect(cancelTarget(null)).toBe('/user/dashboard');
    expect(cancelTarget('//evil.example/')).toBe('/user/dashboard');
  });
});
