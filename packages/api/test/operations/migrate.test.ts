import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrate } from '../../src/cli/migrate.command';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { migrate, pendingMigrations, waitForSchema } from '../../src/db/migrate';
import { ROOT } from '../support/compiled-server';

const MIGRATIONS = readdirSync(join(ROOT, 'packages/api/src/db/migrations'))
  .filter((name) => name.endsWith('.sql'))
  .sort();

/** A database of this file's own, empty: in-memory PGlite, or a new schema on PostgreSQL. */
function newDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  return openDatabase({
    databaseUrl: url,
    schema: url ? `vestibule_test_migrate_${process.pid}_${Date.now()}` : undefined,
    poolSize: 2,
  });
}

/** Whether the index is valid; null when there is none of that name. */
async function indexValid(database: DatabaseHandle, name: string) {
  const { rows } = await sql<{ valid: boolean }>`
    SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass(${name})`.execute(database.db);
  return rows[0]?.valid ?? null;
}

async function command(database: DatabaseHandle, ...argv: string[]) {
  const lines: string[] = [];
  const code = await runMigrate(database.db, argv, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
}

describe('npm run migrate', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await newDatabase();
  });
  afterAll(() => database.close());

  it('--dry-run lists every migration of a new database and applies none', async () => {
    const dry = await command(database, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.output).toBe(`Pending migrations:\n${MIGRATIONS.map((name) => `  ${name}`).join('\n')}`);
    expect(await pendingMigrations(database.db)).toEqual(MIGRATIONS);
  });

  it('applies them, after which nothing is pending', async () => {
    const applied = await command(database);
    expect(applied.output).toBe(`Applied:\n${MIGRATIONS.map((name) => `  ${name}`).join('\n')}`);
    expect((await command(database, '--dry-run')).output).toBe('No pending migrations.');
    expect((await command(database)).output).toBe('No pending migrations.');
  });

  it('--dry-run on an older database lists what this release adds', async () => {
    const newest = MIGRATIONS.at(-1) as string;
    await sql`DELETE FROM schema_migrations WHERE name = ${newest}`.execute(database.db);
    try {
      expect((await command(database, '--dry-run')).output).toBe(`Pending migrations:\n  ${newest}`);
    } finally {
      await sql`INSERT INTO schema_migrations (name) VALUES (${newest})`.execute(database.db);
    }
  });

  it('rebuilds an index whose concurrent build was cut short (an invalid index of that name)', async () => {
    const outside = '0033_sessions_device_counts.sql';
    await sql`DELETE FROM schema_migrations WHERE name = ${outside}`.execute(database.db);
    await sql`DROP INDEX sessions_user_device_live`.execute(database.db);
    // A unique build over duplicate rows fails halfway and leaves its index behind, invalid.
    const user = await sql<{
      id: number;
    }>`INSERT INTO users (edition, password_hash) VALUES ('general', 'x') RETURNING id`.execute(database.db);
    const userId = user.rows[0]?.id;
    for (const token of ['a', 'b'])
      await sql`INSERT INTO sessions (user_id, token_hash, device_id, expires_at)
        VALUES (${userId}, ${token}, gen_random_uuid(), now() + interval '1 day')`.execute(database.db);
    await expect(
      sql`CREATE UNIQUE INDEX CONCURRENTLY sessions_user_device_live ON sessions (user_id)`.execute(
        database.db,
      ),
    ).rejects.toThrow();
    expect(await indexValid(database, 'sessions_user_device_live')).toBe(false);

    expect((await command(database)).output).toBe(`Applied:\n  ${outside}`);
    expect(await indexValid(database, 'sessions_user_device_live')).toBe(true);
    expect(await indexValid(database, 'sessions_user_device')).toBe(null);
  });

  it('refuses an unknown argument', async () => {
    const wrong = await command(database, '--dryrun');
    expect(wrong.code).toBe(2);
    expect(wrong.output).toContain('Unknown argument: --dryrun');
  });
});

describe('instances starting together', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    "both finish: the one waiting for the lock holds no snapshot that the other's concurrent index build would wait for",
    async () => {
      const schema = `vestibule_test_migrate_pair_${process.pid}_${Date.now()}`;
      const open = () => openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, schema, poolSize: 2 });
      const [first, second] = [await open(), await open()];
      try {
        const [a, b] = await Promise.all([migrate(first.db), migrate(second.db)]);
        expect([...a, ...b].sort()).toEqual(MIGRATIONS);
        expect(await pendingMigrations(first.db)).toEqual([]);
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
    },
  );
});

describe('a server started with MIGRATE=off', () => {
  it('waits until another process has brought the schema to its version', async () => {
    const database = await newDatabase();
    try {
      const logged: object[] = [];
      let ready = false;
      const waiting = waitForSchema(database.db, { info: (details) => logged.push(details) }, 50).then(() => {
        ready = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ready).toBe(false);
      expect(logged).toEqual([{ pending: MIGRATIONS }]);
      await command(database); // the release's migration Job
      await waiting;
      expect(ready).toBe(true);
    } finally {
      await database.close();
    }
  });
});

describe('the migrate command line', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vestibule-migrate-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lists, then applies, the migrations of the configured database', () => {
    const run = (...argv: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'packages/api/src/cli/migrate.ts', ...argv], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', DATA_DIR: dataDir },
      });
    const dry = run('--dry-run');
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`Pending migrations:\n  ${MIGRATIONS[0]}`);
    const applied = run();
    expect(applied.stdout).toContain(`Applied:\n  ${MIGRATIONS[0]}`);
    expect(applied.stdout).toContain(`  ${MIGRATIONS.at(-1)}`);
  }, 60_000);
});
