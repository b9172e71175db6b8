import { EDITIONS, type EditionId } from '@vestibule/contract/editions';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { maskRecipient } from '../../delivery/mask';
import { enqueueMessage } from '../../delivery/outbox';
import { publicLink } from '../../http/public-origin';
import { type ChangeEvent, changeNotice } from './change-notice.message';

export interface Recipient {
  channel: 'email' | 'sms';
  address: string;
}

/** Recipients without holes or repeats. */
export function recipients(...list: (Recipient | undefined | false)[]): Recipient[] {
  const seen = new Set<string>();
  return list.filter((r): r is Recipient => {
    if (!r || seen.has(r.address)) return false;
    seen.add(r.address);
    return true;
  });
}

/**
 * Writes a change notice to each recipient, in the transaction of the change (outbox). The
 * changed contact appears masked: a notice may reach an old address someone else now reads.
 */
export async function notifyChange(
  trx: Db,
  request: FastifyRequest,
  user: { edition: string; language: string },
  event: ChangeEvent,
  to: Recipient[],
  values: { contact?: string; last4?: string } = {},
): Promise<void> {
  const brand = EDITIONS[user.edition as EditionId]?.brandName ?? 'Vestibule';
  // The report path is the forgot-password page of this portal (ALLOWED_HOSTS pins the host).
  const link = publicLink(request.server.ctx.config, user.edition as EditionId, '/forgot-password');
  const contact = values.contact ? maskRecipient(values.contact) : undefined;
  for (const recipient of to) {
    await enqueueMessage(trx, request.server.ctx.secrets, {
      channel: recipient.channel,
      edition: user.edition,
      recipient: recipient.address,
      ...changeNotice(recipient.channel, user.language, event, { brand, link, contact, last4: values.last4 }),
    });
  }
}
