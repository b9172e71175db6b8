import { compactDigits, luhnCheckDigit } from './card-number';

// National register numbers (SPEC §3), the forgot-username identifier besides the card number.

export type NationalNumberFormat = 'BE' | 'LU';

/**
 * Belgian national register number (rijksregisternummer / numéro de registre national): YYMMDD,
 * a 3-digit day counter, then 2 check digits = 97 − (first 9 digits mod 97). For births from 2000
 * on, the check is computed on the 9 digits prefixed with a 2 (2YYMMDDSSS), which keeps numbers of
 * 1900s and 2000s births apart. The date part is not checked: bis numbers add 20 or 40 to the
 * month and unknown dates use 00.
 */
export function isBelgianNationalNumber(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const base = BigInt(digits.slice(0, 9));
  const check = Number(digits.slice(9));
  const before2000 = 97 - Number(base % 97n);
  const from2000 = 97 - Number((2_000_000_000n + base) % 97n);
  return check === before2000 || check === from2000;
}

// Verhoeff (dihedral group D5) tables: multiplication, position permutation, inverse.
const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const VERHOEFF_INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** The Verhoeff check digit of a digit string. */
export function verhoeffCheckDigit(payload: string): number {
  let c = 0;
  for (let i = 0; i < payload.length; i++) {
    const digit = Number(payload[payload.length - 1 - i]);
    c = VERHOEFF_D[c]![VERHOEFF_P[(i + 1) % 8]![digit]!]!;
  }
  return VERHOEFF_INV[c]!;
}

/**
 * Luxembourg national identification number (matricule, 13 digits since 2014): YYYYMMDD, a
 * 3-digit counter XXX, then two check digits both computed on YYYYMMDDXXX: the 12th with Luhn
 * (mod 10), the 13th with Verhoeff. Source: OECD, "Luxembourg – Information on Tax
 * Identification Numbers" (https://www.oecd.org/tax/automatic-exchange/crs-implementation-and-assistance/tax-identification-numbers/Luxembourg-TIN.pdf),
 * summarised at https://en.wikipedia.org/wiki/National_identification_number#Luxembourg; the
 * example 1893120105732 given there passes both checks (see the unit test).
 */
export function isLuxembourgNationalNumber(digits: string): boolean {
  if (!/^\d{13}$/.test(digits)) return false;
  const base = digits.slice(0, 11);
  return luhnCheckDigit(base) === Number(digits[11]) && verhoeffCheckDigit(base) === Number(digits[12]);
}

/**
 * The national register number of an edition's country typed with or without separators
 * (`85.07.30-033.28`, `1985 0730 123 41`), as digits, or undefined when it is not valid.
 */
export function parseNationalRegisterNumber(input: string, format: NationalNumberFormat): string | undefined {
  const digits = compactDigits(input);
  const valid = format === 'BE' ? isBelgianNationalNumber(digits) : isLuxembourgNationalNumber(digits);
  return valid ? digits : undefined;
}
