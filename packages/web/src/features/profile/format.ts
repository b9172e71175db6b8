import { intlLocale } from '../../lib/intl';

export { intlLocale };

/** A `YYYY-MM-DD` date in the reader's words: 12 April 1990, 12 avril 1990… */
export function formatDate(value: string, locale: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A country's name in the reader's language. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([intlLocale(locale)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
