import { describe, expect, it } from 'vitest';
import { formatCardNumber, luhnCheckDigit, parseCardNumber } from './card-number';

describe('card numbers (SPEC §5: 16 digits, prefix 5065, Luhn)', () => {
  it('computes the Luhn check digit of known numbers', () => {
    // 79927398713 is the textbook Luhn example; 4111 1111 1111 1111 a well-known test card.
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhnCheckDigit('411111111111111')).toBe(1);
    expect(luhnCheckDigit('506500000000000')).toBe(1);
  });

  it('accepts a 5065 number with its Luhn digit, typed with spaces or dashes', () => {
    expect(parseCardNumber('5065000000000001')).toBe('5065000000000001');
    expect(parseCardNumber(' 5065 0000 0000 0001 ')).toBe('5065000000000001');
    expect(parseCardNumber('5065-0000-0000-0019')).toBe('5065000000000019');
  });

  it.each([
    ['a wrong check digit', '5065000000000002'],
    ['another prefix, Luhn-valid', '4111111111111111'],
    ['15 digits', '506500000000001'],
    ['17 digits', '50650000000000019'],
    ['letters', '5065 0000 0000 000A'],
    ['nothing', ''],
  ])('refuses %s', (_name, input) => {
    expect(parseCardNumber(input)).toBeUndefined();
  });

  it('formats by groups of four', () => {
    expect(formatCardNumber('5065000000000001')).toBe('5065 0000 0000 0001');
  });
});
