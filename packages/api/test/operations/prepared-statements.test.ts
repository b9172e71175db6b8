import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledOnce, executePrepared } from '../../src/db/compiled-query';
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

  it.runIf(onPostgres)(
    'on PostgreSQL, compiledOnce and executePrepared texts are prepared too (decision 0057)',
    async () => {
      const { db } = await testDatabase();
      const probe = compiledOnce(
        'test.probe',
        (database, value: string) =>
          database.selectNoFrom(sql<string>`${value}::text`.as('compiled_once_probe')),
        ['\u0000value'] as const,
      );
      await db.connection().execute(async (connection) => {
        expect(await probe(connection, 'a')).toEqual({ compiled_once_probe: 'a' });
        expect(await probe(connection, 'b')).toEqual({ compiled_once_probe: 'b' });
        const executed = await executePrepared(
          connection,
          sql<{ executed_once_probe: number }>`SELECT ${2}::int AS executed_once_probe`.compile(connection),
        );
        expect(executed).toEqual([{ executed_once_probe: 2 }]);
        const { rows } = await sql<{ statement: string }>`
        SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%_once_probe%'`.execute(
          connection,
        );
        expect(rows.map((row) => row.statement.startsWith(PREPARED))).toEqual([true, true]);
        expect(rows).toHaveLength(2);
      });
    },
  );
});
