import type { Db } from '../../db/database';
import type { FuzzionStep } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { AuthContext } from '../../http/authenticate';
import { accountFingerprint, type FuzzionFlow, findFuzzionFlow, setFuzzionStep } from './fuzzion.queries';

// The checks every fuzzion call runs before it touches anything, one job each.

/**
 * The caller's flow, locked for the transaction: only the account and the session that found
 * the duplicate may use it (anyone else gets 404, as for an unknown payload); an expired or
 * finished flow, or one at another step, answers 409 fuzzion_failed.
 */
export async function openFuzzionFlow(
  trx: Db,
  payload: string,
  auth: AuthContext,
  steps: readonly FuzzionStep[],
): Promise<FuzzionFlow> {
  const flow = await findFuzzionFlow(trx, payload, { forUpdate: true });
  // Bound to the account and session that proved the contact.
  if (!flow || flow.user_id !== auth.userId || flow.session_id !== auth.sessionId)
    throw new ApiError('not_found');
  // Short-lived, and closed once merged, refused, ignored, failed or voided.
  if (new Date(flow.expires_at).getTime() <= Date.now() || !steps.includes(flow.step))
    throw new ApiError('fuzzion_failed');
  return flow;
}

/** Whether the other account is still as it was when the offer was made. */
export async function otherAccountUnchanged(trx: Db, flow: FuzzionFlow): Promise<boolean> {
  const other = await trx
    .selectFrom('users')
    .select(['locked_at', 'edition'])
    .where('id', '=', flow.other_user_id)
    .forUpdate()
    .executeTakeFirst();
  if (!other || other.locked_at !== null || other.edition !== flow.edition) return false;
  return (await accountFingerprint(trx, flow.other_user_id)) === flow.other_fingerprint;
}

/** Voids a flow whose other account changed; the caller commits, then answers fuzzion_failed. */
export async function voidChangedFlow(trx: Db, flow: FuzzionFlow): Promise<void> {
  await setFuzzionStep(trx, flow.id, 'changed');
}
