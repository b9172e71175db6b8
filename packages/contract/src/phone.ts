import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A phone number as E.164 (`+32470000001`), parsed with the edition's default region when typed
 * without a country code, or undefined when it is not a valid number.
 */
export function toE164(input: string, defaultRegion: 'BE' | 'LU'): string | undefined {
  const parsed = parsePhoneNumberFromString(input.trim(), defaultRegion);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** A phone number for display, in international format: `+32 470 00 00 01`. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** The country calling code of an E.164 number (`+352621000001` → `352`), or undefined. */
export function callingCode(e164: string): string | undefined {
  return parsePhoneNumberFromString(e164)?.countryCallingCode;
}

/**
 * A phone number masked for display and logs: the country calling code and the last two digits,
 * the hidden digits grouped as that country writes its numbers (`+352621000001` →
 * `+352 *** *** *01`, `+32470000001` → `+32 *** ** ** 01`); undefined when it is too short to be
 * a number. A number no country's plan knows keeps a plain `*** **` body.
 */
export function maskPhone(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 6) return undefined;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (!parsed?.isPossible()) {
    const country = parsed?.countryCallingCode ?? digits.slice(0, 2);
    return `+${country} *** ** ${digits.slice(-2)}`;
  }
  const international = parsed.formatInternational();
  const prefix = `+${parsed.countryCallingCode} `;
  const body = international.slice(prefix.length);
  // Every digit but the last two becomes a star; the country's spaces stay where they are.
  let keep = 2;
  const masked = [...body]
    .reverse()
    .map((char) => (/\d/.test(char) ? (keep-- > 0 ? char : '*') : char))
    .reverse()
    .join('');
  return `${prefix}${masked}`;
}
