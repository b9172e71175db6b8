import { ActionEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** A third-party app was granted access (OAuth consent): where to withdraw it, and "not me". */
export function AppApproved(m: MessageContext<'app_approved'>) {
  return <ActionEmail m={m} action={m.texts.action} path="/user/access" notMe />;
}
