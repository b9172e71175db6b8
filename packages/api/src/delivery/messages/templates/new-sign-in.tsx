import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice: a login from a device this account had not used before. */
export function NewSignIn(m: MessageContext<'new_sign_in'>) {
  return <NoticeEmail m={m} />;
}
