import { formatPhone } from '@vestibule/contract/phone';
import { keepTogether } from './keepTogether';

/**
 * A contact as screens show it: a phone number in its country's grouping (`+32 470 00 00 77`, as
 * the number's own plan writes it) and on one line; an e-mail address as it is.
 */
export function displayContact(value: string): string {
  return value.startsWith('+') ? keepTogether(formatPhone(value)) : value;
}
