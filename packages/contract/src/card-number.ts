import { CARD_NUMBER_LENGTH, CARD_NUMBER_PREFIX } from './constants';

/** Digits only: spaces and dashes as people type them (`5065 0000 0000 0001`) are dropped. */
export function compactDigits(input: string): string {
  return input.replace(/[\s.\-/]/g, '');
}

/** The Luhn (mod 10) check digit of a digit string, as every payment card number carries. */
export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    // From the right, every other digit is doubled, starting with the rightmost payload digit.
    let digit = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A card number of SPEC §5: 16 digits beginning with 5065, whose last digit is the Luhn check
 * digit. Answers the compact number, or undefined when it is not one.
 */
export function parseCardNumber(input: string): string | undefined {
  const digits = compactDigits(input);
  if (
    !new RegExp(`^${CARD_NUMBER_PREFIX}\\d{${CARD_NUMBER_LENGTH - CARD_NUMBER_PREFIX.length}}$`).test(digits)
  )
    return undefined;
  return luhnCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1)) ? digits : undefined;
}

/** `5065000000000001` → `5065 0000 0000 0001`. */
export function formatCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
