import type { FastifyRequest } from 'fastify';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import type { AuthContext } from '../../http/authenticate';
import { contactOwner } from '../mfa/contact.queries';
import { createFuzzionFlow } from './fuzzion.queries';

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
  return { fuzzion: true as const, payload: flow.id, method, target };
}
