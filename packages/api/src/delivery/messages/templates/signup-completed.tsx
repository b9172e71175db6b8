import { ActionEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Welcome after the onboarding created the account, with the way back if it was not them. */
export function SignupCompleted(m: MessageContext<'signup_completed'>) {
  return <ActionEmail m={m} action={m.texts.action} path="/user/dashboard" notMe />;
}
