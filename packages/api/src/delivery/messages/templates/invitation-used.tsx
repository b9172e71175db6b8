import { ActionEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/**
 * To the invited address, at once, when its invitation opened an account on another e-mail: the
 * page that freezes that account if it was not them (decision 0068).
 */
export function InvitationUsed(m: MessageContext<'invitation_used'>) {
  return (
    <ActionEmail
      m={m}
      action={m.texts.action}
      path={`/invitation/not-me?code=${encodeURIComponent(m.values.notMeCode)}`}
    />
  );
}
