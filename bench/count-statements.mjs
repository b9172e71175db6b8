// Preloaded into the server by bench/refresh-cpu.mjs (`node --import ./bench/count-statements.mjs`):
// counts the SQL statements the server sends through `pg`, by kind (the oidc-provider adapter's
// find/upsert/consume per model, the rest by table). On SIGUSR2 it writes the counts since the
// last signal as JSON to BENCH_STATEMENT_COUNTS and starts again from zero. Bench-only: the
// product never loads it.
import { writeFileSync } from 'node:fs';
import pg from 'pg';

/** @type {Map<string, number>} */
let counts = new Map();

/** A short name for a statement: adapter call and model where it is one, else verb and table. */
function kindOf(text, values) {
  // Without the mark of a prepared statement (packages/api/src/db/prepared.ts).
  const sql = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\/\* prepared \*\/ /, '');
  const verb = (
    /^(with|select|insert|update|delete|begin|commit|rollback)/i.exec(sql)?.[1] ?? 'other'
  ).toLowerCase();
  const first = Array.isArray(values) ? values[0] : undefined;
  const model = typeof first === 'string' && /^[A-Z][A-Za-z]+$/.test(first) ? first : '?';
  // The batched statements of a refresh grant (packages/api/src/flows/oauth/refresh-batch.ts).
  if (/^with consumed as \(update oauth_payloads/i.test(sql)) return 'oauth_payloads consume + upserts';
  if (/^select .* from "oauth_clients"/i.test(sql) && /oauth_payloads rt/.test(sql))
    return 'oauth_clients + refresh token, grant, account';
  if (/"oauth_payloads"|oauth_payloads/.test(sql)) {
    const call = /consumed_at" = now\(\)|consumed_at = now\(\)/.test(sql)
      ? 'consume'
      : verb === 'insert'
        ? 'upsert'
        : verb === 'select'
          ? 'find'
          : verb;
    return `oauth_payloads ${call} (${model})`;
  }
  const table = /(?:from|into|update) "?([a-z_]+)"?/i.exec(sql)?.[1] ?? '';
  return `${verb} ${table}`.trim();
}

/** @type {any} */
const prototype = pg.Client.prototype;
const original = prototype.query;
/** Kinds already worked out, by text and model: the regular expressions once per text, not per
 * statement (they cost the measured server 1–2 % of its CPU). */
const kinds = new Map();
prototype.query = function countedQuery(config, values, callback) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text === 'string') {
    const parameters = Array.isArray(values) ? values : config?.values;
    const first = Array.isArray(parameters) ? parameters[0] : undefined;
    const key = `${typeof first === 'string' && /^[A-Z][A-Za-z]+$/.test(first) ? first : ''}\u0000${text}`;
    let kind = kinds.get(key);
    if (kind === undefined) {
      kind = kindOf(text, parameters);
      kinds.set(key, kind);
    }
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return original.call(this, config, values, callback);
};

process.on('SIGUSR2', () => {
  const file = process.env.BENCH_STATEMENT_COUNTS;
  if (file) writeFileSync(file, JSON.stringify(Object.fromEntries(counts)));
  counts = new Map();
});
