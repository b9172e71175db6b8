import { useTranslation } from '../../i18n/react';
import { intlLocale } from '../../lib/intl';

/** A calendar day of the adoption series (YYYY-MM-DD) in the reader's language, as a short date. */
export function useFormatDay(): (day: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeZone: 'UTC' });
  return (day) => format.format(new Date(`${day}T00:00:00Z`));
}
