import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice: a contact was removed (the removed address is told too). */
export function ContactRemoved(m: MessageContext<'contact_removed'>) {
  return <NoticeEmail m={m} />;
}
