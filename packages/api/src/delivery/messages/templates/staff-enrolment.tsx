import { ActionEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** A staff role was granted: sign in to the console (an authenticator app or a passkey first). */
export function StaffEnrolment(m: MessageContext<'staff_enrolment'>) {
  return <ActionEmail m={m} action={m.texts.action} path="/admin" notMe />;
}
