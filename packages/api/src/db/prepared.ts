import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Put in a statement's text (a comment, so PGlite and psql read it as nothing), it makes the
 * statement a named prepared statement on PostgreSQL: parsed and planned once per connection
 * instead of at every execution. For the few hot statements whose planning costs more than their
 * execution (the OAuth refresh's read ahead: ~0.3 ms of planning for ~0.1 ms of work, decision
 * 0058). Only statements whose text is fixed may carry it: every distinct text stays prepared on
 * every connection for its lifetime.
 */
export const PREPARED = '/* prepared */';

/**
 * Put in a statement's text, it lets the statement run past the pool's query timeout (a
 * migration, the purge): the client then waits as long as the server lets the statement run.
 */
export const LONG_RUNNING = '/* long-running */';
/** How long the client waits for a LONG_RUNNING statement before it gives the connection up. */
const LONG_RUNNING_TIMEOUT_MS = 3_600_000;

/**
 * A node-postgres client that runs the statements marked PREPARED as named statements, lets the
 * LONG_RUNNING ones wait longer, and ends its connection when a statement's answer never came
 * (a stalled server or network): the pool then drops it instead of lending it out again.
 */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    // Kysely calls query(text, values) and awaits the answer; the named form answers alike.
    this.query = ((...args: unknown[]) => {
      const [text, values] = args;
      if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values)) return query(...args);
      const answer = query({
        text,
        values,
        ...(text.includes(PREPARED) ? { name: statementName(text) } : {}),
        ...(text.includes(LONG_RUNNING) ? { query_timeout: LONG_RUNNING_TIMEOUT_MS } : {}),
      }) as Promise<unknown>;
      return answer.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') void this.end().catch(() => {});
        throw error;
      });
    }) as pg.Client['query'];
  }
}

const names = new Map<string, string>();

/** One name per text: a name is bound to its text on each connection. */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `p_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    names.set(text, name);
  }
  return name;
}
