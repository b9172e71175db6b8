import { describe, expect, it } from 'vitest';
import { maskRecipient } from './mask';

describe('maskRecipient', () => {
  it('keeps the first letter and the domain of an e-mail address', () => {
    expect(maskRecipient('employee@demo.test')).toBe('e***@demo.test');
  });

  it('keeps the country prefix and the last two digits of a phone number', () => {
    expect(maskRecipient('+32470000001')).toBe('+32 *** ** ** 01');
    expect(maskRecipient('+352621000001')).toBe('+352 *** *** *01');
  });

  it('hides anything else entirely', () => {
    expect(maskRecipient('12345')).toBe('***');
    expect(maskRecipient('@x')).toBe('***');
  });
});
