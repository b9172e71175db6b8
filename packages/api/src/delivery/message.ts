import type { Selectable } from 'kysely';
import type { OutboxTable } from '../db/schema';

export type Channel = OutboxTable['channel'];

/** One outbox row as stored: its body sealed, or null once delivered. */
export type OutboxRow = Selectable<OutboxTable>;

/** One outbox row as the worker hands it to a transport: its body opened. */
export type OutboxMessage = Omit<OutboxRow, 'body_text' | 'body_sealed'> & { body_text: string };
