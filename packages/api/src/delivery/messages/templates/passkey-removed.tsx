import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice: a passkey was deleted from the account; it no longer signs in. */
export function PasskeyRemoved(m: MessageContext<'passkey_removed'>) {
  return <NoticeEmail m={m} />;
}
