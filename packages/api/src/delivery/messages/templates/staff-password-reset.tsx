import { ActionEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Support sent a password reset: the code, and the page of the portal that takes it. */
export function StaffPasswordReset(m: MessageContext<'staff_password_reset'>) {
  return (
    <ActionEmail
      m={m}
      action={m.texts.action}
      path={`/forgot-password-sent?reset=${encodeURIComponent(m.values.payload)}`}
      code={{ value: m.values.code, label: m.common.codeLabel }}
      notMe
    />
  );
}
