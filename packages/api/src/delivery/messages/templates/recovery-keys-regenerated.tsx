import { NoticeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** Notice: new recovery keys replaced the old ones. */
export function RecoveryKeysRegenerated(m: MessageContext<'recovery_keys_regenerated'>) {
  return <NoticeEmail m={m} />;
}
