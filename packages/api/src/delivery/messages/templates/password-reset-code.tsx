import { CodeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** The code of the forgot-password flow. */
export function PasswordResetCode(m: MessageContext<'password_reset_code'>) {
  return <CodeEmail m={m} />;
}
