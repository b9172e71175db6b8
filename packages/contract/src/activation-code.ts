// Card activation codes (Luxembourg edition, SPEC §3) and invitation codes (from the invitation
// e-mail). Both use Crockford's base32 alphabet (no I, L, O, U) so that people can read them out;
// a typed code is upper-cased and I/L/O read as 1/1/0. An activation code carries a check symbol so
// that a typo is caught before any request; guessing is stopped by the API's rate limits.

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Activation code: 11 random symbols and 1 check symbol, shown as XXXX-XXXX-XXXX. */
export const ACTIVATION_CODE_LENGTH = 12;
/** Invitation code: 10 random symbols, shown as XXXXX-XXXXX. */
export const INVITATION_CODE_LENGTH = 10;

/**
 * Upper case, separators dropped (the hints' non-breaking hyphens and other dashes too, as a
 * copied example brings them), look-alike letters read as digits.
 */
export function compactCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s\-.\u2010-\u2015]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
}

/**
 * Weighted sum of the symbols mod 32. Odd weights are invertible mod 32, so every single wrong
 * symbol is caught; position-dependent weights catch most swaps of neighbours.
 */
export function codeCheckSymbol(payload: string): string {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) sum += ALPHABET.indexOf(payload[i] as string) * (2 * i + 1);
  return ALPHABET[sum % 32] as string;
}

function isBase32(code: string, length: number): boolean {
  return code.length === length && [...code].every((symbol) => ALPHABET.includes(symbol));
}

/** The compact activation code, or undefined when it is not one (length, alphabet, check symbol). */
export function parseActivationCode(input: string): string | undefined {
  const code = compactCode(input);
  if (!isBase32(code, ACTIVATION_CODE_LENGTH)) return undefined;
  return codeCheckSymbol(code.slice(0, -1)) === code.slice(-1) ? code : undefined;
}

/** The compact invitation code, or undefined when it is not one. */
export function parseInvitationCode(input: string): string | undefined {
  const code = compactCode(input);
  return isBase32(code, INVITATION_CODE_LENGTH) ? code : undefined;
}

/** Random symbols from a source of random bytes (crypto.getRandomValues or randomBytes). */
export function randomCodeSymbols(length: number, randomBytes: (n: number) => Uint8Array): string {
  return [...randomBytes(length)].map((byte) => ALPHABET[byte % 32]).join('');
}

/** A new activation code with its check symbol. */
export function newActivationCode(randomBytes: (n: number) => Uint8Array): string {
  const payload = randomCodeSymbols(ACTIVATION_CODE_LENGTH - 1, randomBytes);
  return payload + codeCheckSymbol(payload);
}

/** `ABCDEFGHJKMN` → `ABCD-EFGH-JKMN`; `ABCDEFGHJK` → `ABCDE-FGHJK`. */
export function formatCode(code: string): string {
  return code.length === ACTIVATION_CODE_LENGTH
    ? code.replace(/(.{4})(?=.)/g, '$1-')
    : code.replace(/(.{5})(?=.)/g, '$1-');
}
