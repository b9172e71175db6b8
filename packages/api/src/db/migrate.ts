import { readdir, readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import type { Db } from './database';
import { LONG_RUNNING } from './prepared';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
/** Arbitrary constant naming the migration lock; instances starting together wait on it. */
const MIGRATION_LOCK_ID = 7_423_001;

/**
 * Applies every `NNNN_name.sql` not yet applied, in order, in one transaction under an advisory
 * lock, so several instances can start at once. Landed migrations are never edited.
 */
async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort();
}

/** True when every migration file has been applied (for /readyz). */
export async function migrationsComplete(db: Db): Promise<boolean> {
  const files = await migrationFiles();
  const done = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(db);
  const applied = new Set(done.rows.map((row) => row.name));
  return files.every((file) => applied.has(file));
}

export async function migrate(db: Db): Promise<string[]> {
  const files = await migrationFiles();
  return db.transaction().execute(async (trx) => {
    // A migration (and the wait for another instance's) may outlast the pool's statement limits.
    await sql.raw(`${LONG_RUNNING} SET LOCAL statement_timeout = 0`).execute(trx);
    await sql`${sql.raw(LONG_RUNNING)} SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(trx);
    const done = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(trx);
    const applied = new Set(done.rows.map((row) => row.name));
    const ran: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      const text = await readFile(new URL(file, MIGRATIONS_DIR), 'utf8');
      await sql.raw(`${LONG_RUNNING}\n${text}`).execute(trx);
      await sql`INSERT INTO schema_migrations (name) VALUES (${file})`.execute(trx);
      ran.push(file);
    }
    return ran;
  });
}
