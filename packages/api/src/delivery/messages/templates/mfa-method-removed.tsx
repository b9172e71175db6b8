import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice: a second-step login method was removed. */
export function MfaMethodRemoved(m: MessageContext<'mfa_method_removed'>) {
  return <NoticeEmail m={m} />;
}
