import type { OutboxMessage } from '../message';

/** Delivers one message or throws; the worker owns retries, so a transport tries once. */
export interface Transport {
  /** Short name for logs and last_error, e.g. `smtp`, `dev-inbox`. */
  readonly name: string;
  /** Gets the message with its body opened (plain text), never the sealed row. */
  send(message: OutboxMessage): Promise<void>;
  /** Releases connections when the worker stops. */
  close?(): void;
}

/** A failure that retrying cannot fix (no transport, recipient refused): the row fails at once. */
export class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';
}
