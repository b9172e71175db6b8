import { CodeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** The code that proves an address or number is the user's (profile, MFA, onboarding, merge). */
export function ContactVerification(m: MessageContext<'contact_verification'>) {
  return <CodeEmail m={m} />;
}
