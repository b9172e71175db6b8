import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice: the payout bank account changed; only its last four characters are shown. */
export function IbanChanged(m: MessageContext<'iban_changed'>) {
  return <NoticeEmail m={m} />;
}
