import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice: a copy of the account's data was downloaded; not the user's doing means a stolen session. */
export function DataExported(m: MessageContext<'data_exported'>) {
  return <NoticeEmail m={m} />;
}
