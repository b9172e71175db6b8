import { describe, expect, it } from 'vitest';
import {
  isBelgianNationalNumber,
  isLuxembourgNationalNumber,
  parseNationalRegisterNumber,
  verhoeffCheckDigit,
} from './national-register-number';

describe('Belgian national register number (11 digits, mod 97)', () => {
  it('accepts a number of a birth before 2000', () => {
    // 85.07.30-033 → 97 − (850730033 mod 97) = 28.
    expect(isBelgianNationalNumber('85073003328')).toBe(true);
  });

  it('accepts a number of a birth from 2000 on, whose check uses the 2 prefix', () => {
    // 02.01.01-123 → 97 − (2020101123 mod 97) = 22; without the prefix the check would differ.
    expect(isBelgianNationalNumber('02010112322')).toBe(true);
    expect(97 - Number(20101123n % 97n)).not.toBe(22);
  });

  it.each([
    ['a wrong check', '85073003329'],
    ['10 digits', '8507300332'],
    ['12 digits', '850730033280'],
    ['letters', '8507300332A'],
  ])('refuses %s', (_name, digits) => {
    expect(isBelgianNationalNumber(digits)).toBe(false);
  });

  it('parses the usual written form', () => {
    expect(parseNationalRegisterNumber('85.07.30-033.28', 'BE')).toBe('85073003328');
    expect(parseNationalRegisterNumber('85.07.30-033.28', 'LU')).toBeUndefined();
  });
});

describe('Luxembourg national identification number (13 digits, Luhn + Verhoeff)', () => {
  it('computes Verhoeff check digits of the reference examples', () => {
    // 236 → 3 is the worked example of Verhoeff's algorithm.
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(verhoeffCheckDigit('12345')).toBe(1);
  });

  it('accepts the published example and the demo number', () => {
    expect(isLuxembourgNationalNumber('1893120105732')).toBe(true);
    expect(isLuxembourgNationalNumber('1985073012341')).toBe(true);
    expect(parseNationalRegisterNumber('1985 0730 123 41', 'LU')).toBe('1985073012341');
  });

  it.each([
    ['a wrong Luhn digit', '1893120105742'],
    ['a wrong Verhoeff digit', '1893120105733'],
    ['11 digits (the old matricule)', '18931201057'],
    ['a Belgian number', '85073003328'],
  ])('refuses %s', (_name, digits) => {
    expect(isLuxembourgNationalNumber(digits)).toBe(false);
  });
});
