import { TOTP_CODE_LENGTH } from '@vestibule/contract/constants';
import { verifyTotp } from '../totp';
import { silentStrategy } from './strategy';

/**
 * Authenticator app: nothing is sent; the code is checked against the method's secret (or, while
 * setting up, the new secret the challenge carries) and its time step is remembered so that the
 * same code is never accepted twice.
 */
export const totpStrategy = silentStrategy('totp', TOTP_CODE_LENGTH, async (trx, ctx, challenge, code) => {
  const pending = challenge.data.secret_enc;
  if (typeof pending === 'string') {
    // Setup: the secret is not a method yet; the activation stores the matched step with it.
    const step = await verifyTotp(ctx.secrets.decrypt(pending), code, null);
    if (step === undefined) return false;
    challenge.data.matched_step = step;
    return true;
  }
  if (challenge.method_id === null) return false;
  const method = await trx
    .selectFrom('mfa_methods')
    .select(['id', 'secret_enc', 'last_totp_step'])
    .where('id', '=', challenge.method_id)
    .where('method', '=', 'totp')
    .forUpdate()
    .executeTakeFirst();
  if (!method?.secret_enc) return false;
  const step = await verifyTotp(ctx.secrets.decrypt(method.secret_enc), code, method.last_totp_step);
  if (step === undefined) return false;
  await trx.updateTable('mfa_methods').set({ last_totp_step: step }).where('id', '=', method.id).execute();
  return true;
});
