import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { metrics } from '../operations/metrics';
import type { SecretBox } from '../security/secret-box';
import type { Channel } from './message';
import { sealBody } from './sealed-body';

export interface NewMessage {
  channel: Channel;
  /** Edition whose sender name and brand the message carries. */
  edition: string;
  /** E-mail address, or phone number in E.164 for SMS. */
  recipient: string;
  subject?: string | undefined;
  /** What the message is for (delivery/messages/purposes.ts), kept in clear beside the sealed body. */
  purpose?: string | undefined;
  bodyText: string;
  bodyHtml?: string | undefined;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Workers of this process hear about new messages at once instead of at their next poll. */
export function onMessageEnqueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Writes a message to the transactional outbox (DESIGN §5). Pass the transaction that makes the
 * change needing the message, so both commit or neither does; the worker delivers it after commit.
 * The body is sealed with the secret box (it may hold a one-time code). Returns the outbox row id.
 */
export async function enqueueMessage(
  db: Kysely<DB>,
  secrets: SecretBox,
  message: NewMessage,
): Promise<number> {
  const row = await db
    .insertInto('outbox')
    .values({
      channel: message.channel,
      edition: message.edition,
      recipient: message.recipient,
      subject: message.subject ?? null,
      purpose: message.purpose ?? null,
      ...sealBody(secrets, message),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  metrics.messagesQueued.inc({ channel: message.channel });
  // A worker that looks before the commit finds nothing and catches the row at its next poll.
  for (const listener of listeners) listener();
  return row.id;
}
