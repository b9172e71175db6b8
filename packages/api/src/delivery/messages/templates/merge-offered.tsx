import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice to the other account: an address of theirs was proven and a merge offered. */
export function MergeOffered(m: MessageContext<'merge_offered'>) {
  return <NoticeEmail m={m} />;
}
