import { formatPhone } from '@vestibule/contract/phone';

/**
 * A contact as screens show it: a phone number in its country's grouping (`+32 470 00 00 77`, as
 * the number's own plan writes it); an e-mail address as it is. Screens keep it on one line with
 * i18n/KeptValues.
 */
export function displayContact(value: string): string {
  return value.startsWith('+') ? formatPhone(value) : value;
}
