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
 * `+352621000001` → `+352 *** ** 01`; undefined when it is too short to be a number.
 */
export function maskPhone(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 6) return undefined;
  const country = callingCode(`+${digits}`) ?? digits.slice(0, 2);
  return `+${country} *** ** ${digits.slice(-2)}`;
}
