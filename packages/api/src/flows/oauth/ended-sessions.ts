import type { FastifyRequest } from 'fastify';

/**
 * Call after a transaction that ended portal sessions has committed: their authorization server
 * sessions end and the clients registered for Back-Channel Logout are told (decision 0033). A
 * client that does not answer never fails the user's request; the purge retries nothing, the
 * notification is best effort as the specification allows.
 */
export async function afterPortalSessionsEnded(request: FastifyRequest): Promise<void> {
  try {
    await request.server.oauth.endSessionsOfEndedPortalSessions();
  } catch (error) {
    request.log.warn({ err: error }, 'ending the authorization server sessions failed');
  }
}
