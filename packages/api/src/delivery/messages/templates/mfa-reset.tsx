import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice: the account's two-step verification was reset by the support desk, approved by security. */
export function MfaReset(m: MessageContext<'mfa_reset'>) {
  return <NoticeEmail m={m} />;
}
