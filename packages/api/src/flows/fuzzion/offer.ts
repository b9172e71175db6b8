import type { FastifyRequest } from 'fastify';
import { contactOwner } from '../../account/contacts';
import { notifyAccount } from '../../account/notices';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { maskRecipient } from '../../delivery/mask';
import type { AuthContext } from '../../http/authenticate';
import { createFuzzionFlow } from './fuzzion.queries';

/** The other account hears that an address of theirs was proven and a merge offered. */
export async function notifyMergeOffered(trx: Db, request: FastifyRequest, owner: number, target: string) {
  await notifyAccount(trx, request, owner, 'merge_offered', { contact: maskRecipient(target) });
}

/**
 * After a code proved `target`: when another account of the edition owns it, opens a merge flow
 * and answers the offer (`{fuzzion: true, payload, method, target}`); otherwise undefined.
 */
export async function offerFuzzion(
  trx: Db,
  request: FastifyRequest,
  auth: Pick<AuthContext, 'sessionId'>,
  user: { id: number; edition: string },
  method: 'sms' | 'email',
  target: string,
) {
  const owner = await contactOwner(trx, user.edition, method, target);
  if (owner === undefined || owner === user.id) return undefined;
  const flow = await createFuzzionFlow(trx, {
    edition: user.edition,
    userId: user.id,
    otherUserId: owner,
    sessionId: auth.sessionId,
    method,
    target,
  });
  await audit(
    trx,
    { kind: 'fuzzion.offered', userId: user.id, edition: user.edition, detail: { flow: flow.id, method } },
    request,
  );
  await notifyMergeOffered(trx, request, owner, target);
  return { fuzzion: true as const, payload: flow.id, method, target };
}
