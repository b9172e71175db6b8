import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';
import { formatIban, maskIban, parseIban } from './iban';

describe('IBAN rules', () => {
  it('accepts a valid SEPA IBAN typed with spaces and lower case', () => {
    expect(parseIban(' be68 5390 0754 7034 ')).toEqual({ iban: 'BE68539007547034', country: 'BE' });
    expect(parseIban('LU28 0019 4006 4475 0000')).toEqual({ iban: 'LU280019400644750000', country: 'LU' });
  });

  it('refuses wrong check digits, garbage and IBANs of countries outside SEPA', () => {
    expect(parseIban('BE68539007547035')).toBeUndefined();
    expect(parseIban('hello')).toBeUndefined();
    // Valid Ukrainian and Saudi IBANs: not SEPA.
    expect(parseIban('UA213223130000026007233566001')).toBeUndefined();
    expect(parseIban('SA0380000000608010167519')).toBeUndefined();
  });

  it('formats and masks for display', () => {
    expect(formatIban('BE68539007547034')).toBe('BE68 5390 0754 7034');
    expect(maskIban('BE68539007547034')).toBe('BE68 •••• •••• 7034');
  });

  it('lists 47 European countries', () => {
    expect(new Set(COUNTRIES).size).toBe(47);
  });
});
