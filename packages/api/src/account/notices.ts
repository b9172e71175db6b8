import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { Purpose, PurposeValues } from '../delivery/messages/purposes';
import { type OutgoingMessage, sendMessage } from '../delivery/messages/send';
import { verifiedContacts } from './contacts';

// The account notices: an e-mail and SMS about a change, for every flow and the admin API.

/**
 * Writes a message of a request to the outbox in the caller's transaction, with the server's keys
 * and the configured public origins of the editions (never the request's Host).
 */
export function sendRequestMessage<P extends Purpose>(
  trx: Db,
  request: FastifyRequest,
  message: OutgoingMessage<P>,
): Promise<number> {
  const { secrets, config } = request.server.ctx;
  return sendMessage(trx, { secrets, publicUrls: config.publicUrls }, message);
}

/**
 * Tells an account about something that happened to it, in its edition and language, on its
 * verified addresses, in the caller's transaction (outbox). `channels: 'email'` keeps SMS for what
 * must reach the user at once (a change of password, contact, method): a sign-in or an approved
 * app is told by e-mail only. Returns how many messages were written.
 */
export async function notifyAccount<P extends Purpose>(
  trx: Db,
  request: FastifyRequest,
  userId: number,
  purpose: P,
  values: PurposeValues[P],
  options: { channels: 'email' | 'all' } = { channels: 'all' },
): Promise<number> {
  const user = await trx
    .selectFrom('users')
    .select(['edition', 'language'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return 0;
  const contacts = await verifiedContacts(trx, userId);
  return sendRequestMessage(trx, request, {
    purpose,
    edition: user.edition,
    locale: user.language,
    values,
    to: [
      ...contacts.emails.map((address) => ({ channel: 'email' as const, address })),
      ...(options.channels === 'all'
        ? contacts.phones.map((address) => ({ channel: 'sms' as const, address }))
        : []),
    ],
  });
}
