// Refuses SQL migrations that would hold a long lock on a large table while the service runs:
// an index built without CONCURRENTLY, a column added with a volatile default, a table rewrite,
// a constraint validated under an exclusive lock, an UPDATE or DELETE of every row; and a
// CONCURRENTLY statement where it cannot run (inside the migration's transaction). Statements on
// a table the same migration creates are free (it is empty). A reviewed exception is a comment
// right above the statement:
//   -- migration-lint: allow <rule> because <reason>
// Run by `npm run lint` and `npm test`; exits 1 and lists every finding.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../packages/api/src/db/migrations/', import.meta.url));

/**
 * Migrations that landed before this check, each reviewed when it ran against the tables of its
 * day (most on tables created in the same release, before any production install): they are
 * never edited, so the check starts after them.
 */
export const REVIEWED_UP_TO = '0018';

/** First line of a migration the runner applies outside a transaction (packages/api/src/db/migrate.ts). */
export const OUTSIDE_TRANSACTION = '-- migrate: outside-transaction';

/** What an outside-transaction migration may hold: index builds and drops that a rerun repeats safely. */
const REPEATABLE_INDEX_STATEMENT =
  /^(create\s+(unique\s+)?index\s+concurrently\s+if\s+not\s+exists\s+[\w"]+\s+on\b|drop\s+index\s+concurrently\s+if\s+exists\b)/i;

/** Functions whose value differs per row: as a column default they make ADD COLUMN rewrite the table. */
const VOLATILE =
  /\b(gen_random_uuid|uuid_generate_v[14]|random|clock_timestamp|timeofday|nextval|txid_current)\s*\(/i;

/** @typedef {{ rule: string, message: string }} Finding */

/** @type {{ rule: string, test: (statement: string) => boolean, message: string }[]} */
const RULES = [
  {
    rule: 'index-without-concurrently',
    test: (s) => /^create\s+(unique\s+)?index\s+(?!concurrently\b)/i.test(s),
    message: 'CREATE INDEX locks writes to the table while it builds: use CREATE INDEX CONCURRENTLY',
  },
  {
    rule: 'volatile-default',
    test: (s) => /^alter\s+table\b[\s\S]*\badd\s+(column\s+)?[\s\S]*\bdefault\b/i.test(s) && VOLATILE.test(s),
    message:
      'ADD COLUMN with a volatile DEFAULT rewrites the table: add it without a default, backfill in batches, then set the default',
  },
  {
    rule: 'column-type-change',
    test: (s) => /^alter\s+table\b[\s\S]*\balter\s+(column\s+)?\S+\s+(set\s+data\s+)?type\b/i.test(s),
    message: 'ALTER COLUMN … TYPE rewrites the table under an exclusive lock: add a new column and backfill',
  },
  {
    rule: 'set-logged',
    test: (s) => /^alter\s+table\b[\s\S]*\bset\s+(un)?logged\b/i.test(s),
    message: 'SET LOGGED / UNLOGGED rewrites the table under an exclusive lock',
  },
  {
    rule: 'stored-generated-column',
    test: (s) =>
      /^alter\s+table\b[\s\S]*\badd\s+(column\s+)?[\s\S]*\bgenerated\s+always\s+as\b[\s\S]*\bstored\b/i.test(
        s,
      ),
    message: 'a STORED generated column rewrites the table',
  },
  {
    rule: 'set-not-null',
    test: (s) => /^alter\s+table\b[\s\S]*\balter\s+(column\s+)?\S+\s+set\s+not\s+null\b/i.test(s),
    message:
      'SET NOT NULL scans the table under an exclusive lock: add a CHECK (… IS NOT NULL) NOT VALID, VALIDATE it, then SET NOT NULL',
  },
  {
    rule: 'constraint-validated-under-lock',
    test: (s) =>
      /^alter\s+table\b[\s\S]*\badd\s+(constraint\s+\S+\s+)?(foreign\s+key|check)\b/i.test(s) &&
      !/\bnot\s+valid\b/i.test(s),
    message:
      'a FOREIGN KEY or CHECK constraint is validated under lock: add it NOT VALID, then VALIDATE CONSTRAINT apart',
  },
  {
    rule: 'unique-or-primary-key-constraint',
    test: (s) =>
      /^alter\s+table\b[\s\S]*\badd\s+(constraint\s+\S+\s+)?(unique|primary\s+key)\b/i.test(s) &&
      !/\busing\s+index\b/i.test(s),
    message:
      'ADD UNIQUE / PRIMARY KEY builds its index under lock: CREATE UNIQUE INDEX CONCURRENTLY, then ADD CONSTRAINT … USING INDEX',
  },
  {
    // Measured by the scale bench: 0010's UPDATE of every session took 136 s on 3 million rows,
    // each row locked until the migration's transaction ends.
    rule: 'whole-table-backfill',
    test: (s) => /^(update\s+(only\s+)?[\w."]+\s+set\b|delete\s+from\b)/i.test(s) && !/\bwhere\b/i.test(s),
    message:
      'UPDATE or DELETE of every row locks them all until the migration commits: backfill in batches outside the migration',
  },
  {
    rule: 'vacuum-full-or-cluster',
    test: (s) => /^(vacuum\s+full|cluster)\b/i.test(s),
    message: 'VACUUM FULL and CLUSTER rewrite the table under an exclusive lock',
  },
];

/**
 * Splits a migration into statements with the comment lines that stand right above each, leaving
 * dollar-quoted bodies (functions, DO blocks) whole.
 * @param {string} text
 * @returns {{ statement: string, comments: string[], line: number }[]}
 */
export function statementsOf(text) {
  const out = [];
  let current = '';
  let comments = [];
  let startLine = 0;
  let dollar = null;
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    const trimmed = line.trim();
    if (!dollar && current.trim() === '' && trimmed.startsWith('--')) {
      comments.push(trimmed);
      continue;
    }
    if (!dollar && current.trim() === '' && trimmed === '') {
      comments = [];
      continue;
    }
    if (current.trim() === '') startLine = index + 1;
    const code = dollar ? line : line.replace(/--.*$/, '');
    current += `${code}\n`;
    for (const match of code.matchAll(/\$[A-Za-z_]*\$/g))
      dollar = dollar === match[0] ? null : (dollar ?? match[0]);
    if (!dollar && /;\s*$/.test(code)) {
      out.push({
        statement: current.trim().replace(/;$/, '').replace(/\s+/g, ' '),
        comments,
        line: startLine,
      });
      current = '';
      comments = [];
    }
  }
  if (current.trim()) out.push({ statement: current.trim().replace(/\s+/g, ' '), comments, line: startLine });
  return out;
}

/** A table name without schema or quotes, lower-cased. */
const bareName = (name) => (name.replaceAll('"', '').split('.').at(-1) ?? name).toLowerCase();

/** The table a statement works on, lower-cased without schema or quotes. */
function targetTable(statement) {
  const match =
    /^alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?([\w."]+)/i.exec(statement) ??
    /^create\s+(?:unique\s+)?index\s+(?:concurrently\s+)?(?:if\s+not\s+exists\s+)?(?:[\w"]+\s+)?on\s+(?:only\s+)?([\w."]+)/i.exec(
      statement,
    ) ??
    /^(?:cluster|vacuum\s+full)\s+([\w."]+)/i.exec(statement) ??
    /^(?:update\s+(?:only\s+)?|delete\s+from\s+(?:only\s+)?)([\w."]+)/i.exec(statement);
  return match?.[1] ? bareName(match[1]) : undefined;
}

/** Tables a migration creates itself: empty, so nothing on them can hold a long lock. */
function createdTables(statements) {
  const names = new Set();
  for (const { statement } of statements) {
    const match = /^create\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?([\w."]+)/i.exec(statement);
    if (match?.[1]) names.add(bareName(match[1]));
  }
  return names;
}

/** The reviewed exceptions written above a statement: rule names with a reason. */
function allowedRules(comments) {
  const allowed = new Set();
  for (const comment of comments) {
    const match = /^--\s*migration-lint:\s*allow\s+([\w-]+)\s+because\s+\S/.exec(comment);
    if (match) allowed.add(match[1]);
  }
  return allowed;
}

/**
 * Every finding in one migration's text.
 * @param {string} text
 * @returns {(Finding & { line: number })[]}
 */
export function checkMigration(text) {
  const statements = statementsOf(text);
  const fresh = createdTables(statements);
  const findings = [];
  const outside = text.startsWith(OUTSIDE_TRANSACTION);
  for (const { statement, line } of statements) {
    if (outside && !REPEATABLE_INDEX_STATEMENT.test(statement))
      findings.push({
        rule: 'outside-transaction-statement',
        message:
          'an outside-transaction migration runs one statement at a time and may be rerun after a crash: only CREATE INDEX CONCURRENTLY IF NOT EXISTS and DROP INDEX CONCURRENTLY IF EXISTS belong in it',
        line,
      });
    if (!outside && /\bconcurrently\b/i.test(statement))
      findings.push({
        rule: 'concurrently-in-transaction',
        message: `CONCURRENTLY cannot run inside the migration's transaction: put it in a migration of its own whose first line is "${OUTSIDE_TRANSACTION}"`,
        line,
      });
  }
  for (const { statement, comments, line } of statements) {
    const table = targetTable(statement);
    if (table && fresh.has(table)) continue;
    const allowed = allowedRules(comments);
    for (const { rule, test, message } of RULES) {
      if (test(statement) && !allowed.has(rule)) findings.push({ rule, message, line });
    }
  }
  return findings;
}

/** Every finding in the migrations after the reviewed ones, as printable lines. */
export function checkMigrations(dir = MIGRATIONS_DIR) {
  const problems = [];
  for (const name of readdirSync(dir)
    .filter((n) => /^\d{4}_[\w-]+\.sql$/.test(n))
    .sort()) {
    if (name.slice(0, 4) <= REVIEWED_UP_TO) continue;
    for (const finding of checkMigration(readFileSync(join(dir, name), 'utf8'))) {
      problems.push(`${name}:${finding.line}: ${finding.rule}: ${finding.message}`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = checkMigrations();
  if (problems.length > 0) {
    console.error(
      `Migrations that would lock a large table (mark a reviewed exception with "-- migration-lint: allow <rule> because <reason>" above the statement):\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log('Migrations: no statement holds a long lock on an existing table.');
}
