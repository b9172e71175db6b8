/**
 * The BCP 47 tag Intl formats dates and numbers with, for an interface locale (`fr_LU` → `fr-LU`).
 * English in Luxembourg writes dates as the rest of Luxembourg does (day, month, year; 24-hour
 * clock), but Intl has no such data for en-LU and falls back to American English (Mar 5, 2026,
 * 2:07 PM): it formats as British English, the European English Intl knows.
 */
export function intlLocale(locale: string): string {
  if (locale === 'en_LU') return 'en-GB';
  return locale.replace('_', '-');
}
