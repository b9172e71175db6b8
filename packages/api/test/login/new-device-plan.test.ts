import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newDeviceColumns } from '../../src/account/new-device.notice';
import { testDatabase } from '../support/test-app';

// The login's session statement is prepared (decision 0057): after five runs PostgreSQL plans it
// once for any account. Its new-device probes must read the partial index then too, not scan
// every account's sign-ins because one account holds most of them (decision 0057, round 2).

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A literal for EXECUTE's argument list (numbers, booleans and plain strings only). */
function literal(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

describe('the new-device probes of the login statement', () => {
  it.runIf(onPostgres)(
    'use audit_events_user_login_device in the generic plan, with one account holding most sign-ins',
    async () => {
      const { db } = await testDatabase();
      const users = await db.selectFrom('users').select('id').orderBy('id').limit(2).execute();
      const [busy, other] = users.map((user) => user.id);
      if (busy === undefined || other === undefined) throw new Error('the demo data has two users');
      await sql`INSERT INTO audit_events (user_id, edition, kind, device_id)
        SELECT ${busy}, 'general', 'login.succeeded', 'device-' || n FROM generate_series(1, 5000) AS n`.execute(
        db,
      );
      await sql`ANALYZE audit_events`.execute(db);
      const probe = db.selectNoFrom(newDeviceColumns(other, 'a-device')).compile();
      await db.connection().execute(async (connection) => {
        await sql`SET plan_cache_mode = force_generic_plan`.execute(connection);
        await sql.raw(`PREPARE new_device_probe AS ${probe.sql}`).execute(connection);
        const { rows } = await sql
          .raw<{ 'QUERY PLAN': string }>(
            `EXPLAIN EXECUTE new_device_probe(${probe.parameters.map(literal).join(', ')})`,
          )
          .execute(connection);
        await sql`DEALLOCATE new_device_probe`.execute(connection);
        await sql`RESET plan_cache_mode`.execute(connection);
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(plan).not.toContain('Seq Scan on audit_events');
        expect(plan).toContain('audit_events_user_login_device');
      });
    },
  );
});
