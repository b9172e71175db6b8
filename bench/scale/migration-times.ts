// The time of each migration on the large database, replayed statement by statement in
// one transaction that is rolled back: what each statement costs on a million accounts. Objects a
// migration creates already exist there, so a created table, index or added column is replayed
// under a new name (`…_replay`); a statement that still cannot run again (it uses what an earlier
// statement of its migration made, or drops what is gone) is counted as skipped. Migrations not yet
// applied are applied for real, timed, in their own transaction. An outside-transaction migration
// (CREATE INDEX CONCURRENTLY) is applied or replayed a statement at a time, outside a transaction,
// and its replayed indexes dropped after. Prints one JSON line.
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { MIGRATIONS_DIR, OUTSIDE_TRANSACTION, statementsOf } from '../../scripts/check-migrations.mjs';

const { values: options } = parseArgs({
  options: { database: { type: 'string', default: 'vestibule_scale' } },
});
const client = new pg.Client({
  connectionString: `${process.env.SCALE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432'}/${options.database}`,
});
await client.connect();

/** The statement with what it creates renamed, so that it can run where the original exists. */
export function renamedForReplay(statement: string): string {
  return statement
    .replace(
      /^(create\s+(?:unique\s+)?index\s+(?:concurrently\s+)?(?:if\s+not\s+exists\s+)?)([\w"]+)/i,
      '$1$2_replay',
    )
    .replace(/^(create\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?)([\w"]+)/i, '$1$2_replay')
    .replace(/^(create\s+(?:or\s+replace\s+)?function\s+)([\w"]+)/i, '$1$2_replay')
    .replace(/^(create\s+trigger\s+)([\w"]+)/i, '$1$2_replay')
    .replace(/\badd\s+column\s+(if\s+not\s+exists\s+)?([\w"]+)/gi, 'ADD COLUMN $1$2_replay')
    .replace(/\badd\s+constraint\s+([\w"]+)/gi, 'ADD CONSTRAINT $1_replay');
}

const applied = new Set(
  (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name),
);
const timings: Record<string, { ms: number; statements: number; skipped: number; applied: boolean }> = {};
for (const file of readdirSync(MIGRATIONS_DIR)
  .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
  .sort()) {
  const text = readFileSync(new URL(file, `file://${MIGRATIONS_DIR}`), 'utf8');
  const statements = statementsOf(text);
  let ms = 0;
  let skipped = 0;
  if (text.startsWith(OUTSIDE_TRANSACTION)) {
    timings[file] = await outsideTransaction(
      file,
      statements.map(({ statement }) => statement),
      applied.has(file),
    );
    continue;
  }
  if (!applied.has(file)) {
    const started = performance.now();
    await client.query('BEGIN');
    await client.query(text);
    await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
    await client.query('COMMIT');
    timings[file] = {
      ms: Math.round(performance.now() - started),
      statements: statements.length,
      skipped,
      applied: true,
    };
    continue;
  }
  await client.query('BEGIN');
  await client.query("SET LOCAL statement_timeout = '10min'");
  for (const { statement } of statements) {
    await client.query('SAVEPOINT replay');
    const started = performance.now();
    try {
      await client.query(renamedForReplay(statement));
      ms += performance.now() - started;
      await client.query('RELEASE SAVEPOINT replay');
    } catch {
      skipped++;
      await client.query('ROLLBACK TO SAVEPOINT replay');
    }
  }
  await client.query('ROLLBACK');
  timings[file] = { ms: Math.round(ms), statements: statements.length, skipped, applied: false };
}
await client.end();
console.log(JSON.stringify({ migrationTimings: timings }));

/**
 * Applies (when pending) or replays an outside-transaction migration statement by statement; a
 * replayed index is dropped after, and a drop is not replayed (what it dropped is gone).
 */
async function outsideTransaction(file: string, statements: string[], done: boolean) {
  let ms = 0;
  let skipped = 0;
  for (const statement of statements) {
    if (done && /^drop\b/i.test(statement)) {
      skipped++;
      continue;
    }
    const text = done ? renamedForReplay(statement) : statement;
    const started = performance.now();
    await client.query(text);
    ms += performance.now() - started;
    const replayed = done
      ? /^create\s+(?:unique\s+)?index\s+concurrently\s+(?:if\s+not\s+exists\s+)?([\w"]+)/i.exec(text)?.[1]
      : undefined;
    if (replayed) await client.query(`DROP INDEX CONCURRENTLY IF EXISTS ${replayed}`);
  }
  if (!done) await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
  return { ms: Math.round(ms), statements: statements.length, skipped, applied: !done };
}
