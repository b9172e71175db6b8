import { recoveryKeyHashes } from '../../../account/recovery-keys';
import { silentStrategy } from './strategy';

/** Authenticator recovery key: single use; a match marks it used in the same transaction. */
export const totpRecoveryStrategy = silentStrategy(
  'totpRecovery',
  null,
  async (trx, ctx, challenge, code) => {
    if (challenge.user_id === null) return false;
    const used = await trx
      .updateTable('totp_recovery_keys')
      .set({ used_at: new Date() })
      .where('user_id', '=', challenge.user_id)
      .where('key_hash', 'in', recoveryKeyHashes(ctx.secrets, challenge.user_id, code))
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return used !== undefined;
  },
);
