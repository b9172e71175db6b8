/**
 * Personal data and secrets an error report must not carry (SPEC: error reporting; DESIGN §8):
 * each pattern is replaced by its label before a report leaves the server or the browser.
 * Ordered: the longer shapes first, so an IBAN's digits are not taken for a code.
 */
const PATTERNS: [label: string, pattern: RegExp][] = [
  // Bearer tokens, JWTs and the like: long runs of token characters.
  ['[token]', /\b(?:Bearer\s+)?eyJ[\w-]+\.[\w-]+\.[\w-]*|\bBearer\s+[\w.~+/-]+=*/gi],
  ['[email]', /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g],
  // IBANs, printed grouped or not: two letters, two check digits, 10 to 30 more.
  ['[iban]', /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g],
  // Card and national numbers, phone numbers: 9 digits or more, spaces, dots or dashes allowed
  // (an IPv4 address is not one).
  ['[number]', /(?!\d{1,3}(?:\.\d{1,3}){3}\b)\+?\d(?:[\d .-]{7,}\d)/g],
  // One-time codes: 6 to 8 digits.
  ['[code]', /\b\d{6,8}\b/g],
  // Opaque tokens: 24 or more URL-safe characters mixing letters and digits.
  ['[token]', /\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{24,}\b/g],
];

/** The text with every e-mail, phone, IBAN, card or national number, code and token replaced. */
export function scrubPersonalData(text: string): string {
  return PATTERNS.reduce((scrubbed, [label, pattern]) => scrubbed.replace(pattern, label), text);
}
