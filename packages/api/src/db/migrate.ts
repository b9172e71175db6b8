import { readdir, readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import type { Db } from './database';
import { LONG_RUNNING } from './prepared';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
/** Arbitrary constant naming the migration lock; instances starting together wait on it. */
const MIGRATION_LOCK_ID = 7_423_001;
/** How often an instance waiting for another's migrations tries the lock again. */
const LOCK_RETRY_MS = 250;

/** The `NNNN_name.sql` files in order. Landed migrations are never edited. */
async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort();
}

/** True when every migration file has been applied (for /readyz). */
export async function migrationsComplete(db: Db): Promise<boolean> {
  return (await pendingMigrations(db)).length === 0;
}

/** The migration files not yet applied, in the order `migrate` would apply them (`--dry-run`). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const files = await migrationFiles();
  const table = await sql<{
    name: string | null;
  }>`SELECT to_regclass('schema_migrations')::text AS name`.execute(db);
  if (!table.rows[0]?.name) return files; // a new database: nothing applied yet
  const done = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(db);
  const applied = new Set(done.rows.map((row) => row.name));
  return files.filter((file) => !applied.has(file));
}

/**
 * With MIGRATE=off another process migrates (the chart's Job, `npm run migrate`): the server
 * waits until the schema is at this release's version rather than serving an older one.
 */
export async function waitForSchema(
  db: Db,
  log: { info(details: object, message: string): void },
  intervalMs = 2_000,
): Promise<void> {
  let pending = await pendingMigrations(db);
  if (pending.length) log.info({ pending }, 'MIGRATE=off: waiting for the migrations to be applied');
  while (pending.length) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    pending = await pendingMigrations(db);
  }
}

/**
 * First line of a migration that runs outside a transaction, one statement at a time: CREATE INDEX
 * CONCURRENTLY cannot run in one. The migration lint lets such a file hold only CREATE/DROP INDEX
 * CONCURRENTLY statements, each on the lines up to its semicolon.
 */
export const OUTSIDE_TRANSACTION = '-- migrate: outside-transaction';

interface Migration {
  file: string;
  text: string;
  outsideTransaction: boolean;
}

/**
 * Applies the pending migrations in order under a session-level advisory lock, so several instances
 * can start at once: consecutive ordinary migrations in one transaction (all or none), and each
 * outside-transaction one statement by statement, recorded once its last statement is done.
 */
export async function migrate(db: Db): Promise<string[]> {
  return db.connection().execute(async (connection) => {
    // A migration (and the wait for another instance's) may outlast the pool's statement limits.
    await sql.raw(`${LONG_RUNNING} SET statement_timeout = 0`).execute(connection);
    await takeMigrationLock(connection);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(connection);
      const ran: string[] = [];
      for (const group of inTransactionGroups(await pendingOf(connection))) {
        if (group[0]?.outsideTransaction) await applyOutsideTransaction(connection, group[0]);
        else await connection.transaction().execute((trx) => applyInTransaction(trx, group));
        ran.push(...group.map((migration) => migration.file));
      }
      return ran;
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(connection);
      await sql`RESET statement_timeout`.execute(connection);
    }
  });
}

/**
 * Waits for the migration lock by trying it again and again rather than in one blocking call: a
 * session blocked in pg_advisory_lock holds a snapshot, which another instance's CREATE INDEX
 * CONCURRENTLY would wait for while holding the lock (a deadlock).
 */
async function takeMigrationLock(connection: Db) {
  for (;;) {
    const { rows } = await sql<{ locked: boolean }>`
      SELECT pg_try_advisory_lock(${MIGRATION_LOCK_ID}) AS locked`.execute(connection);
    if (rows[0]?.locked) return;
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
}

async function pendingOf(db: Db): Promise<Migration[]> {
  const done = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(db);
  const applied = new Set(done.rows.map((row) => row.name));
  const pending: Migration[] = [];
  for (const file of await migrationFiles()) {
    if (applied.has(file)) continue;
    const text = await readFile(new URL(file, MIGRATIONS_DIR), 'utf8');
    pending.push({ file, text, outsideTransaction: text.startsWith(OUTSIDE_TRANSACTION) });
  }
  return pending;
}

/** Consecutive ordinary migrations together; each outside-transaction one alone. */
function inTransactionGroups(migrations: Migration[]): Migration[][] {
  const groups: Migration[][] = [];
  for (const migration of migrations) {
    const last = groups.at(-1);
    if (!migration.outsideTransaction && last && !last[0]?.outsideTransaction) last.push(migration);
    else groups.push([migration]);
  }
  return groups;
}

async function applyInTransaction(trx: Db, migrations: Migration[]) {
  for (const { file, text } of migrations) {
    await sql.raw(`${LONG_RUNNING}\n${text}`).execute(trx);
    await sql`INSERT INTO schema_migrations (name) VALUES (${file})`.execute(trx);
  }
}

/**
 * Each statement on its own. An index build cut short (a crash, a deploy) leaves an invalid index
 * of that name, which IF NOT EXISTS would then skip: it is dropped first, so a rerun builds it.
 */
async function applyOutsideTransaction(db: Db, { file, text }: Migration) {
  for (const statement of statementsOf(text)) {
    const index = /^create\s+(?:unique\s+)?index\s+concurrently\s+if\s+not\s+exists\s+("?[\w]+"?)/i.exec(
      statement,
    )?.[1];
    if (index) await dropInvalidIndex(db, index.replaceAll('"', ''));
    await sql.raw(`${LONG_RUNNING}\n${statement}`).execute(db);
  }
  await sql`INSERT INTO schema_migrations (name) VALUES (${file})`.execute(db);
}

/** The statements of an outside-transaction migration: comment lines out, split at a final semicolon. */
function statementsOf(text: string): string[] {
  const code = text
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n');
  return code
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter(Boolean);
}

async function dropInvalidIndex(db: Db, name: string) {
  const invalid = await sql<{ invalid: boolean }>`
    SELECT NOT i.indisvalid AS invalid FROM pg_index i
    WHERE i.indexrelid = to_regclass(${name})`.execute(db);
  if (invalid.rows[0]?.invalid) await sql.raw(`${LONG_RUNNING} DROP INDEX CONCURRENTLY ${name}`).execute(db);
}
