import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from './database';
import { isDatabaseUnavailable } from './unavailable';

export interface WaitOptions {
  /** The first pause after a failed try; each next one doubles, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Returns once the database answers. A database that is down, starting or out of reach is waited
 * for with exponential backoff, each try logged, so an instance started before its database (or
 * during a failover) comes up with it instead of exiting. A refusal no wait can fix (a wrong
 * password, an unknown database) is thrown at once.
 */
export async function waitForDatabase(
  db: Db,
  log: Pick<Logger, 'info' | 'warn'>,
  { firstDelayMs = 500, maxDelayMs = 30_000 }: WaitOptions = {},
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await sql`SELECT 1`.execute(db);
      if (attempt > 1) log.info({ attempt }, 'database: reachable, starting');
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const retryInMs = Math.min(firstDelayMs * 2 ** (attempt - 1), maxDelayMs);
      const { code, message } = error as Error & { code?: string };
      log.warn({ attempt, retryInMs, code, reason: message }, 'database: not reachable yet, waiting');
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
    }
  }
}
