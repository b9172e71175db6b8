import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice: a second-step login method was added. */
export function MfaMethodAdded(m: MessageContext<'mfa_method_added'>) {
  return <NoticeEmail m={m} />;
}
