import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice: a contact was added (to the old addresses and the new one). */
export function ContactAdded(m: MessageContext<'contact_added'>) {
  return <NoticeEmail m={m} />;
}
