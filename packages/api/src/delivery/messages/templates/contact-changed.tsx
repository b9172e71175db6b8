import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice: a contact was replaced (to the old address and the new one). */
export function ContactChanged(m: MessageContext<'contact_changed'>) {
  return <NoticeEmail m={m} />;
}
