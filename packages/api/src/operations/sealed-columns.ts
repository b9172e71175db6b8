import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database';
import { isSealed } from '../security/sealed-identifiers';
import type { IdentifierKind, SecretBox } from '../security/secret-box';

// Every column the secret box seals (decision 0067), the pass that re-seals them under the active
// key (at start for rows written before sealing, and `keys rotate`), and what each key still
// seals (`keys status`).

/** A column the secret box seals, with the blind index that is re-made with it. */
export interface SealedColumn {
  table: string;
  /** The primary key, for batches in key order and for the optimistic update. */
  id: string;
  column: string;
  index?: { column: string; kind: IdentifierKind };
  /** Rows of the column that hold a sealed value at all (outbox bodies written before 0009 do not). */
  where?: RawBuilder<unknown>;
}

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'cards', id: 'id', column: 'number', index: { column: 'number_index', kind: 'pan' } },
  {
    table: 'cards',
    id: 'id',
    column: 'holder_national_register_number',
    index: { column: 'holder_nrn_index', kind: 'nrn' },
  },
  {
    table: 'users',
    id: 'id',
    column: 'national_register_number',
    index: { column: 'national_register_number_index', kind: 'nrn' },
  },
  { table: 'users', id: 'id', column: 'iban' },
  { table: 'mfa_methods', id: 'id', column: 'secret_enc' },
  { table: 'oauth_clients', id: 'client_id', column: 'secret_enc' },
  { table: 'oauth_keys', id: 'kid', column: 'key_enc' },
  { table: 'webhook_subscriptions', id: 'id', column: 'secret_sealed' },
  { table: 'webhook_subscriptions', id: 'id', column: 'previous_secret_sealed' },
  { table: 'outbox', id: 'id', column: 'body_text', where: sql`body_sealed` },
  { table: 'outbox', id: 'id', column: 'body_html', where: sql`body_sealed` },
];

const BATCH_SIZE = 500;

export const label = (spec: SealedColumn) => `${spec.table}.${spec.column}`;
/** Rows still to re-seal: in clear or v1 (`upgrade`), or under any key but the active one (`rotate`). */
function pending(spec: SealedColumn, mode: 'upgrade' | 'rotate', activeKeyId: string) {
  const column = sql.ref(spec.column);
  const notDone =
    mode === 'upgrade' ? sql`${column} NOT LIKE 'v2:%'` : sql`${column} NOT LIKE ${`v2:${activeKeyId}:%`}`;
  return sql`${column} IS NOT NULL AND ${notDone}${spec.where ? sql` AND ${spec.where}` : sql``}`;
}

export interface ResealProgress {
  column: string;
  done: number;
  total: number;
}

/** Re-seals (and re-indexes) one batch after `after`; answers the rows read and the last key. */
async function resealBatch(
  db: Db,
  secrets: SecretBox,
  spec: SealedColumn,
  mode: 'upgrade' | 'rotate',
  after: string | number | null,
) {
  const rows = await sql<{ id: string | number; value: string }>`
    SELECT ${sql.ref(spec.id)} AS id, ${sql.ref(spec.column)} AS value FROM ${sql.table(spec.table)}
    WHERE ${pending(spec, mode, secrets.activeKeyId)}
      ${after === null ? sql`` : sql`AND ${sql.ref(spec.id)} > ${after}`}
    ORDER BY ${sql.ref(spec.id)} LIMIT ${BATCH_SIZE}`.execute(db);
  let changed = 0;
  // One statement per row, no batch transaction: a row is locked only while it is rewritten.
  for (const row of rows.rows) {
    const clear = isSealed(row.value) ? secrets.decrypt(row.value) : row.value;
    const index = spec.index
      ? sql`, ${sql.ref(spec.index.column)} = ${secrets.blindIndex(spec.index.kind, clear)}`
      : sql``;
    // Only if nobody changed the value meanwhile: the service keeps writing during a rotation.
    const result = await sql`
      UPDATE ${sql.table(spec.table)} SET ${sql.ref(spec.column)} = ${secrets.encrypt(clear)}${index}
      WHERE ${sql.ref(spec.id)} = ${row.id} AND ${sql.ref(spec.column)} = ${row.value}`.execute(db);
    changed += Number(result.numAffectedRows ?? 0);
  }
  return { read: rows.rows.length, changed, last: rows.rows.at(-1)?.id ?? null };
}

async function countPending(db: Db, spec: SealedColumn, mode: 'upgrade' | 'rotate', activeKeyId: string) {
  const result = await sql<{ count: string }>`
    SELECT count(*) AS count FROM ${sql.table(spec.table)} WHERE ${pending(spec, mode, activeKeyId)}`.execute(
    db,
  );
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * Re-seals every sealed column under the active key, in batches of 500 in key order: the service
 * runs meanwhile, and a stopped run resumes where the values stand (what is done no longer
 * matches). `upgrade` touches only clear and v1 values.
 */
export async function resealAll(
  db: Db,
  secrets: SecretBox,
  mode: 'upgrade' | 'rotate',
  onProgress: (progress: ResealProgress) => void = () => {},
): Promise<number> {
  let total = 0;
  for (const spec of SEALED_COLUMNS) {
    const todo = await countPending(db, spec, mode, secrets.activeKeyId);
    if (todo === 0) continue;
    let done = 0;
    let after: string | number | null = null;
    for (;;) {
      const batch = await resealBatch(db, secrets, spec, mode, after);
      if (batch.read === 0) break;
      done += batch.changed;
      after = batch.last;
      onProgress({ column: label(spec), done, total: todo });
    }
    total += done;
  }
  return total;
}

export interface KeyUsage {
  /** Sealed values per column and key id ('v1': sealed before key ids; 'clear': not sealed yet). */
  sealed: { column: string; keyId: string; count: number }[];
  /** Unused TOTP recovery keys per key id their hash was made under ('v1': before key ids). */
  recoveryKeys: { keyId: string; count: number }[];
  /** Open TOTP set-ups whose pending secret was sealed under another key than the active one. */
  openSetups: number;
}

/** What each key still seals, hashes or indexes: a full scan, for `keys status` and after a rotation. */
export async function keyUsage(db: Db, secrets: SecretBox): Promise<KeyUsage> {
  const sealed: KeyUsage['sealed'] = [];
  for (const spec of SEALED_COLUMNS) {
    const column = sql.ref(spec.column);
    const rows = await sql<{ key_id: string; count: string }>`
      SELECT CASE WHEN ${column} LIKE 'v2:%' THEN split_part(${column}, ':', 2)
                  WHEN ${column} LIKE 'v1:%' THEN 'v1' ELSE 'clear' END AS key_id,
             count(*) AS count
      FROM ${sql.table(spec.table)}
      WHERE ${column} IS NOT NULL${spec.where ? sql` AND ${spec.where}` : sql``}
      GROUP BY 1 ORDER BY 1`.execute(db);
    for (const row of rows.rows)
      sealed.push({ column: label(spec), keyId: row.key_id, count: Number(row.count) });
  }
  const recovery = await db
    .selectFrom('totp_recovery_keys')
    .select((eb) => [
      eb.fn.coalesce('key_id', sql<string>`'v1'`).as('key_id'),
      eb.fn.countAll<string>().as('count'),
    ])
    .where('used_at', 'is', null)
    .groupBy('key_id')
    .execute();
  const setups = await sql<{ count: string }>`
    SELECT count(*) AS count FROM code_challenges
    WHERE data ? 'secret_enc' AND consumed_at IS NULL AND expires_at > now()
      AND data->>'secret_enc' NOT LIKE ${`v2:${secrets.activeKeyId}:%`}`.execute(db);
  return {
    sealed,
    recoveryKeys: recovery.map((row) => ({ keyId: row.key_id, count: Number(row.count) })),
    openSetups: Number(setups.rows[0]?.count ?? 0),
  };
}

/** Key ids the database holds sealed values under (hashes of recovery keys aside). */
export async function keysInUse(db: Db): Promise<string[]> {
  const ids = new Set<string>();
  for (const spec of SEALED_COLUMNS) {
    const column = sql.ref(spec.column);
    const rows = await sql<{ key_id: string }>`
      SELECT DISTINCT CASE WHEN ${column} LIKE 'v2:%' THEN split_part(${column}, ':', 2) ELSE 'v1' END AS key_id
      FROM ${sql.table(spec.table)}
      WHERE ${column} IS NOT NULL AND ${column} LIKE 'v_:%'${spec.where ? sql` AND ${spec.where}` : sql``}`.execute(
      db,
    );
    for (const row of rows.rows) ids.add(row.key_id);
  }
  return [...ids];
}
