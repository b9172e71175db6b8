import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice: the password changed (Security tab, or a reset that also logged every device out). */
export function PasswordChanged(m: MessageContext<'password_changed'>) {
  return <NoticeEmail m={m} extra={m.values.afterReset ? m.texts.afterReset : undefined} />;
}
