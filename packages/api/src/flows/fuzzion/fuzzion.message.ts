import type { FastifyRequest } from 'fastify';
import { sendRequestMessage } from '../../account/notices';
import type { Db } from '../../db/database';
import { maskRecipient } from '../../delivery/mask';

// Notices of a merge or a refusal, written to the outbox in the merge's transaction and sent to
// the contacts of both accounts (templates merge-completed, merge-refused). No code in a notice.

export type FuzzionEvent = 'merged' | 'refused';

export interface FuzzionRecipient {
  channel: 'email' | 'sms';
  address: string;
}

/** The verified contacts of an account, as notice recipients. */
export async function contactsOf(db: Db, userId: number): Promise<FuzzionRecipient[]> {
  const emails = await db
    .selectFrom('user_emails')
    .select('address')
    .where('user_id', '=', userId)
    .where('verified_at', 'is not', null)
    .execute();
  const phones = await db
    .selectFrom('user_phones')
    .select('number')
    .where('user_id', '=', userId)
    .where('verified_at', 'is not', null)
    .execute();
  return [
    ...emails.map((e) => ({ channel: 'email' as const, address: e.address })),
    ...phones.map((p) => ({ channel: 'sms' as const, address: p.number })),
  ];
}

/** Writes the notice once per address, in the caller's transaction (outbox). */
export async function notifyFuzzion(
  trx: Db,
  request: FastifyRequest,
  account: { edition: string; language: string },
  event: FuzzionEvent,
  contact: string,
  to: FuzzionRecipient[],
): Promise<void> {
  await sendRequestMessage(trx, request, {
    purpose: event === 'merged' ? 'merge_completed' : 'merge_refused',
    edition: account.edition,
    locale: account.language,
    values: { contact: maskRecipient(contact) },
    to,
  });
}
