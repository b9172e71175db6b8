import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice: two accounts sharing an address were merged. */
export function MergeCompleted(m: MessageContext<'merge_completed'>) {
  return <NoticeEmail m={m} />;
}
