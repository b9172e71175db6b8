import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice: the owner kept two accounts apart; the shared address left one of them. */
export function MergeRefused(m: MessageContext<'merge_refused'>) {
  return <NoticeEmail m={m} />;
}
