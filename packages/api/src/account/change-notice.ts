import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { maskRecipient } from '../delivery/mask';
import type { Purpose } from '../delivery/messages/purposes';
import { sendRequestMessage } from './notices';

/** Account changes that tell the account's addresses. */
export type ChangeEvent =
  | 'contact_added'
  | 'contact_updated'
  | 'contact_removed'
  | 'primary_changed'
  | 'login_changed'
  | 'iban_changed';

const PURPOSE: Record<ChangeEvent, Purpose> = {
  contact_added: 'contact_added',
  contact_updated: 'contact_changed',
  contact_removed: 'contact_removed',
  primary_changed: 'primary_changed',
  login_changed: 'login_changed',
  iban_changed: 'iban_changed',
};

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
 * Writes a change notice to each recipient — the old and the new address of a change — in the
 * transaction of the change (outbox). The changed contact appears masked: a notice may reach an
 * old address someone else now reads. "Not me" leads to the portal's recovery page.
 */
export async function notifyChange(
  trx: Db,
  request: FastifyRequest,
  user: { edition: string; language: string },
  event: ChangeEvent,
  to: Recipient[],
  values: { contact?: string; last4?: string } = {},
): Promise<void> {
  const purpose = PURPOSE[event];
  await sendRequestMessage(trx, request, {
    purpose,
    edition: user.edition,
    locale: user.language,
    values:
      purpose === 'iban_changed'
        ? { last4: values.last4 ?? '' }
        : { contact: values.contact ? maskRecipient(values.contact) : '' },
    to,
  } as Parameters<typeof sendRequestMessage>[2]);
}
