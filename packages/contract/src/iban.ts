import { electronicFormatIBAN, friendlyFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
import { type Country, isCountry } from './countries';

// IBAN rules (SPEC §3 and §5), shared by api and web: an IBAN is accepted when ibantools finds it
// valid (length, structure, check digits) and its country is a SEPA country of our country list.

/** The SEPA members of the country list: where an IBAN may come from. */
export function isSepaCountry(country: string): country is Country {
  return isCountry(country) && isSEPACountry(country);
}

/** The IBAN in electronic format (`BE68539007547034`), or undefined when it is not accepted. */
export function parseIban(input: string): { iban: string; country: Country } | undefined {
  const iban = electronicFormatIBAN(input.trim()) ?? '';
  if (!isValidIBAN(iban)) return undefined;
  const country = iban.slice(0, 2);
  return isSepaCountry(country) ? { iban, country } : undefined;
}

/** Printed in groups of four: `BE68 5390 0754 7034`. */
export function formatIban(iban: string): string {
  return friendlyFormatIBAN(iban) ?? iban;
}

/** Only the country, check digits and last four characters show: `BE68 •••• •••• 7034`. */
export function maskIban(iban: string): string {
  const compact = electronicFormatIBAN(iban) ?? iban;
  if (compact.length < 8) return compact;
  const hidden = compact.slice(4, -4).replace(/./g, '•');
  return formatIban(`${compact.slice(0, 4)}${hidden}${compact.slice(-4)}`);
}
