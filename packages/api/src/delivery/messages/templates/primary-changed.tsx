import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice: another contact became primary. */
export function PrimaryChanged(m: MessageContext<'primary_changed'>) {
  return <NoticeEmail m={m} />;
}
