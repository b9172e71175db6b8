import { ActionEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/**
 * The account's closure started: the link keeps it during the grace period. Its token rides in the
 * fragment, which browsers never send to a server, so no access log holds it.
 */
export function AccountClosing(m: MessageContext<'account_closing'>) {
  return (
    <ActionEmail
      m={m}
      action={m.texts.action}
      path={`/account-closure#closure=${encodeURIComponent(m.values.cancelToken)}`}
    />
  );
}
