import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import type { SecretBox } from '../security/secret-box';
import { openBody } from './sealed-body';

export interface InboxMessage {
  id: number;
  channel: 'email' | 'sms';
  edition: string;
  recipient: string;
  subject: string | null;
  /** What the message is for (`login_code`, …), null for messages written without one. */
  purpose: string | null;
  bodyText: string;
  /** Whether the message has an HTML part (GET /dev/inbox/:id.html shows it). */
  hasHtml: boolean;
  createdAt: string;
  status: 'pending' | 'sent' | 'failed';
}

export const INBOX_DEFAULT_LIMIT = 100;
const INBOX_MAX_LIMIT = 500;

/** Newest messages first, optionally only those to one recipient (dev inbox and admin CLI). */
export async function listInboxMessages(
  db: Kysely<DB>,
  secrets: SecretBox,
  options: { to?: string | undefined; limit?: number | undefined } = {},
): Promise<InboxMessage[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? INBOX_DEFAULT_LIMIT), 1), INBOX_MAX_LIMIT);
  let query = db
    .selectFrom('outbox')
    .select([
      'id',
      'channel',
      'edition',
      'recipient',
      'subject',
      'purpose',
      'body_text',
      'body_html',
      'body_sealed',
      'created_at',
      'status',
    ])
    .orderBy('id', 'desc')
    .limit(limit);
  const to = options.to?.trim();
  if (to?.includes('@')) {
    query = query.where((eb) => eb(eb.fn('lower', ['recipient']), '=', to.toLowerCase()));
  } else if (to) {
    // Phone numbers compare by digits: `+32 470…`, `0032470…` and a `+` decoded as a space all match.
    const digits = to.replace(/\D/g, '').replace(/^00/, '');
    if (!digits) return [];
    query = query.where(sql<string>`regexp_replace(recipient, '[^0-9]', '', 'g')`, '=', digits);
  }
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    edition: row.edition,
    recipient: row.recipient,
    subject: row.subject,
    purpose: row.purpose,
    // The dev-inbox transport keeps bodies; a real transport dropped them on delivery.
    bodyText: openBody(secrets, row).bodyText ?? '',
    hasHtml: row.body_html !== null,
    createdAt: new Date(row.created_at).toISOString(),
    status: row.status,
  }));
}

/** The HTML part of one message, or undefined (no such message, no HTML part, or dropped). */
export async function inboxMessageHtml(
  db: Kysely<DB>,
  secrets: SecretBox,
  id: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('outbox')
    .select(['body_text', 'body_html', 'body_sealed'])
    .where('id', '=', id)
    .executeTakeFirst();
  return (row && openBody(secrets, row).bodyHtml) ?? undefined;
}
