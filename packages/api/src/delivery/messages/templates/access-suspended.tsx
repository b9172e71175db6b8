import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice: the company admin suspended the access; the reason is theirs. */
export function AccessSuspended(m: MessageContext<'access_suspended'>) {
  return <NoticeEmail m={m} />;
}
