import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PREPARED } from '../../src/db/prepared';
import { testDatabase } from '../support/test-app';

// Statements marked PREPARED are parsed and planned once per PostgreSQL connection (decision 0058).

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('prepared statements', () => {
  it('a marked statement answers as an unmarked one, each time, with its own values', async () => {
    const { db } = await testDatabase();
    await db.connection().execute(async (connection) => {
      for (const value of [5, 7]) {
        const marked = await sql<{ n: number }>`SELECT ${sql.raw(PREPARED)} ${value}::int + 1 AS n`.execute(
          connection,
        );
        expect(marked.rows).toEqual([{ n: value + 1 }]);
      }
    });
  });

  it.runIf(onPostgres)(
    'on PostgreSQL, only the marked statement stays prepared on its connection',
    async () => {
      const { db } = await testDatabase();
      await db.connection().execute(async (connection) => {
        await sql`SELECT ${sql.raw(PREPARED)} ${1}::int AS marked_probe`.execute(connection);
        await sql`SELECT ${1}::int AS unmarked_probe`.execute(connection);
        const { rows } = await sql<{ statement: string }>`
        SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%_probe'`.execute(connection);
        expect(rows.map((row) => row.statement)).toEqual([`SELECT ${PREPARED} $1::int AS marked_probe`]);
      });
    },
  );
});
