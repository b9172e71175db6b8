import type { Selectable } from 'kysely';
import type { OutboxTable } from '../db/schema';

export type Channel = OutboxTable['channel'];

/** One outbox row as the worker hands it to a transport. */
export type OutboxMessage = Selectable<OutboxTable>;
