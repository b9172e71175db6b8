import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMigration, checkMigrations, OUTSIDE_TRANSACTION, statementsOf } from './check-migrations.mjs';

const rulesOf = (sql) => checkMigration(sql).map((finding) => finding.rule);

describe('the migration lint', () => {
  it.each([
    ['CREATE INDEX sessions_user ON sessions (user_id);', 'index-without-concurrently'],
    ['create unique index if not exists u on users (lower(email));', 'index-without-concurrently'],
    ['ALTER TABLE users ADD COLUMN token uuid NOT NULL DEFAULT gen_random_uuid();', 'volatile-default'],
    ['ALTER TABLE users ADD COLUMN seen timestamptz DEFAULT clock_timestamp();', 'volatile-default'],
    ['ALTER TABLE users ALTER COLUMN phone TYPE varchar(20);', 'column-type-change'],
    ['ALTER TABLE users ALTER COLUMN phone SET DATA TYPE text;', 'column-type-change'],
    ['ALTER TABLE rate_limits SET UNLOGGED;', 'set-logged'],
    ['ALTER TABLE users ADD COLUMN n int GENERATED ALWAYS AS (id + 1) STORED;', 'stored-generated-column'],
    ['ALTER TABLE users ALTER COLUMN email SET NOT NULL;', 'set-not-null'],
    [
      'ALTER TABLE cards ADD CONSTRAINT cards_user FOREIGN KEY (user_id) REFERENCES users (id);',
      'constraint-validated-under-lock',
    ],
    ["ALTER TABLE cards ADD CHECK (status <> '');", 'constraint-validated-under-lock'],
    ['ALTER TABLE cards ADD CONSTRAINT cards_number UNIQUE (number);', 'unique-or-primary-key-constraint'],
    ['VACUUM FULL audit_events;', 'vacuum-full-or-cluster'],
    ['UPDATE sessions SET authenticated_at = created_at;', 'whole-table-backfill'],
    ['DELETE FROM audit_events;', 'whole-table-backfill'],
  ])('refuses %s', (sql, rule) => {
    expect(rulesOf(sql)).toContain(rule);
  });

  it.each([
    "ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT 'en';",
    'ALTER TABLE users ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();',
    'ALTER TABLE cards ADD CONSTRAINT cards_user FOREIGN KEY (user_id) REFERENCES users (id) NOT VALID;',
    'ALTER TABLE cards VALIDATE CONSTRAINT cards_user;',
    'ALTER TABLE cards ADD CONSTRAINT cards_number UNIQUE USING INDEX cards_number_idx;',
    'ALTER TABLE users DROP COLUMN legacy;',
    "UPDATE settings SET value = '1' WHERE key = 'x';",
  ])('lets %s through', (sql) => {
    expect(rulesOf(sql)).toEqual([]);
  });

  it('wants CONCURRENTLY in a migration of its own, outside the transaction, holding only index statements', () => {
    const build = 'CREATE INDEX CONCURRENTLY IF NOT EXISTS sessions_user ON sessions (user_id);';
    expect(rulesOf(build)).toEqual(['concurrently-in-transaction']);
    expect(
      rulesOf(`${OUTSIDE_TRANSACTION}\n${build}\nDROP INDEX CONCURRENTLY IF EXISTS sessions_old;`),
    ).toEqual([]);
    // A rerun after a crash repeats every statement: each must be harmless the second time.
    expect(
      rulesOf(`${OUTSIDE_TRANSACTION}\nCREATE INDEX CONCURRENTLY sessions_user ON sessions (user_id);`),
    ).toEqual(['outside-transaction-statement']);
    expect(rulesOf(`${OUTSIDE_TRANSACTION}\nALTER TABLE users DROP COLUMN legacy;`)).toEqual([
      'outside-transaction-statement',
    ]);
  });

  it('names the outside-transaction migrations as the runner does', () => {
    const runner = readFileSync(new URL('../packages/api/src/db/migrate.ts', import.meta.url), 'utf8');
    expect(runner).toContain(`export const OUTSIDE_TRANSACTION = '${OUTSIDE_TRANSACTION}';`);
  });

  it('lets anything through on a table the same migration creates', () => {
    const sql = `CREATE TABLE webhooks (id uuid PRIMARY KEY, url text);
CREATE INDEX webhooks_url ON webhooks (url);
ALTER TABLE webhooks ADD COLUMN secret uuid NOT NULL DEFAULT gen_random_uuid();`;
    expect(rulesOf(sql)).toEqual([]);
  });

  it('takes a reviewed exception written above the statement, with its reason', () => {
    const reviewed = `-- migration-lint: allow index-without-concurrently because the table holds one row per edition
CREATE INDEX editions_name ON editions (name);`;
    expect(rulesOf(reviewed)).toEqual([]);
    const noReason = `-- migration-lint: allow index-without-concurrently
CREATE INDEX editions_name ON editions (name);`;
    expect(rulesOf(noReason)).toEqual(['index-without-concurrently']);
    const otherRule = `-- migration-lint: allow set-not-null because small
CREATE INDEX editions_name ON editions (name);`;
    expect(rulesOf(otherRule)).toEqual(['index-without-concurrently']);
  });

  it('keeps dollar-quoted bodies whole and names the line of each finding', () => {
    const sql = `DO $$ BEGIN
  CREATE INDEX inside ON users (id);
END $$;

CREATE INDEX outside ON users (id);`;
    expect(statementsOf(sql)).toHaveLength(2);
    expect(checkMigration(sql)).toEqual([
      expect.objectContaining({ rule: 'index-without-concurrently', line: 5 }),
    ]);
  });

  it('checks only the migrations after the reviewed ones, and the project passes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    writeFileSync(join(dir, '0001_old.sql'), 'CREATE INDEX a ON users (id);');
    writeFileSync(join(dir, '0099_new.sql'), 'CREATE INDEX b ON users (id);');
    expect(checkMigrations(dir)).toEqual([
      expect.stringMatching(/^0099_new\.sql:1: index-without-concurrently/),
    ]);
    expect(checkMigrations()).toEqual([]);
  });
});
