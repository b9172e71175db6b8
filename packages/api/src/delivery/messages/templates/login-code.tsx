import { CodeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** The code that finishes a login (second step by SMS or e-mail). */
export function LoginCode(m: MessageContext<'login_code'>) {
  return <CodeEmail m={m} />;
}
