import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { LONG_RUNNING } from '../../src/db/prepared';
import { isDatabaseUnavailable } from '../../src/db/unavailable';

const databaseUrl = process.env.TEST_DATABASE_URL;

/** The pool's limits hold on every connection; marked statements (migrations, purge) may run past the client's. */
describe.runIf(databaseUrl)('PostgreSQL pool limits', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({
      databaseUrl,
      poolSize: 2,
      timeouts: { connectMs: 1_000, statementMs: 300, idleInTransactionMs: 400 },
    });
  });
  afterAll(() => database.close());

  it('sets the statement and idle-in-transaction limits on each connection', async () => {
    const { rows } = await sql<{ statement: string; idle: string }>`
      SELECT current_setting('statement_timeout') AS statement,
             current_setting('idle_in_transaction_session_timeout') AS idle`.execute(database.db);
    expect(rows[0]).toEqual({ statement: '300ms', idle: '400ms' });
  });

  it('cuts a statement past the limit, as an outage the API answers 503', async () => {
    const error = await sql`SELECT pg_sleep(1)`.execute(database.db).catch((caught: unknown) => caught);
    expect((error as { code?: string }).code).toBe('57014');
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The pool serves on.
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db)).rows[0]?.one).toBe(1);
  });

  it('lets a LONG_RUNNING statement outlast the client-side limit once the server allows it', async () => {
    const answer = await database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL statement_timeout = 0`.execute(trx);
      return sql<{
        done: boolean;
      }>`${sql.raw(LONG_RUNNING)} SELECT pg_sleep(2.5) IS NOT NULL AS done`.execute(trx);
    });
    expect(answer.rows[0]?.done).toBe(true);
  });
});
