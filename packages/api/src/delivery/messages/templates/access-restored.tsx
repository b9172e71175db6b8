import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice: the company admin restored the access. */
export function AccessRestored(m: MessageContext<'access_restored'>) {
  return <NoticeEmail m={m} />;
}
