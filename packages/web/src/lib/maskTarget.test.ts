import { describe, expect, it } from 'vitest';
import { maskTarget } from './maskTarget';

describe('maskTarget', () => {
  it('keeps the country calling code and the last two digits, grouped as that country writes', () => {
    // Luxembourg writes 621 000 001, Belgium 470 00 00 05: the stars follow each plan.
    expect(maskTarget('sms', '+352621000001')).toBe('+352 *** *** *01');
    expect(maskTarget('sms', '+32470000005')).toBe('+32 *** ** ** 05');
  });

  it('keeps the first letter and the domain of an e-mail, and leaves masked targets alone', () => {
    expect(maskTarget('email', 'employee@demo.lu')).toBe('e***@demo.lu');
    expect(maskTarget('sms', '+32 *** ** 05')).toBe('+32 *** ** 05');
  });
});
