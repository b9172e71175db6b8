import { ActionEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** The company's invitation: its code, and the onboarding page with the code already filled in. */
export function Invitation(m: MessageContext<'invitation'>) {
  return (
    <ActionEmail
      m={m}
      action={m.texts.action}
      path={`/onboarding?invitation=${encodeURIComponent(m.values.code)}`}
      code={{ value: m.values.code, label: m.texts.codeLabel }}
    />
  );
}
