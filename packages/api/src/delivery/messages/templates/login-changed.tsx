import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice: the login (username) changed (old and new address). */
export function LoginChanged(m: MessageContext<'login_changed'>) {
  return <NoticeEmail m={m} />;
}
