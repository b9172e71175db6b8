import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearLoginCookie } from '../../account/login-cookie';
import type { Db } from '../../db/database';
import { afterPortalSessionsEnded } from '../oauth/index';

/**
 * Ends every session of the caller, this one too, in one transaction with its audit row (`end`
 * answers how many ended); then the login cookie goes and the apps are told by back channel.
 */
export async function endOwnSessions(
  request: FastifyRequest,
  reply: FastifyReply,
  end: (trx: Db) => Promise<number>,
): Promise<{ sessions_ended: number }> {
  const ended = await request.server.ctx.db.transaction().execute(end);
  clearLoginCookie(request, reply);
  await afterPortalSessionsEnded(request);
  return { sessions_ended: ended };
}
