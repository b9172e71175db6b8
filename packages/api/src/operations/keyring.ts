import { sql } from 'kysely';
import { ConfigError } from '../config';
import type { Db } from '../db/database';
import { type SecretBox, sealedKeyId } from '../security/secret-box';
import { keysInUse, label, type ResealProgress, resealAll, SEALED_COLUMNS } from './sealed-columns';

// The keyring at rest (decision 0067): the start-up check that the configured keys open what the
// database holds, the `settings` row that records the keys in use, and `keys rotate`.

const KEYRING_SETTING = 'keyring';
const CHECK_TEXT = 'vestibule keyring check';

/** The server refuses to start: the configured keys cannot open what the database holds. */
export class KeyringError extends ConfigError {}

interface KeyringRow {
  /** A value sealed under the active key of the last writer: the first thing a start must open. */
  check: string;
  /** Key ids sealed values may be under; a start refuses a ring that lacks one. */
  inUse: string[];
}

async function readKeyringRow(db: Db): Promise<KeyringRow | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', KEYRING_SETTING)
    .executeTakeFirst();
  return row?.value as KeyringRow | undefined;
}

async function writeKeyringRow(db: Db, secrets: SecretBox, inUse: readonly string[]) {
  const value = JSON.stringify({
    check: secrets.encrypt(CHECK_TEXT),
    inUse: [...new Set([secrets.activeKeyId, ...inUse])],
  } satisfies KeyringRow);
  await db
    .insertInto('settings')
    .values({ key: KEYRING_SETTING, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
    .execute();
}

function refusal(detail: string, secrets: SecretBox): KeyringError {
  return new KeyringError(
    `Invalid configuration:\n  ENCRYPTION_KEY: cannot open what the database holds: ${detail}. ` +
      `Its keys are ${secrets.keyIds.join(', ')}; set ENCRYPTION_KEY to the key this database was sealed ` +
      'with (to rotate, put the new key first and keep the old one after it, comma-separated).',
  );
}

/** Opens the newest sealed value of each column: a database sealed before the keyring row existed. */
async function openSamples(db: Db, secrets: SecretBox) {
  for (const spec of SEALED_COLUMNS) {
    const column = sql.ref(spec.column);
    const sample = await sql<{ value: string }>`
      SELECT ${column} AS value FROM ${sql.table(spec.table)}
      WHERE ${column} LIKE 'v_:%'${spec.where ? sql` AND ${spec.where}` : sql``}
      ORDER BY ${sql.ref(spec.id)} DESC LIMIT 1`.execute(db);
    const value = sample.rows[0]?.value;
    if (value === undefined) continue;
    try {
      secrets.decrypt(value);
    } catch {
      const keyId = sealedKeyId(value);
      throw refusal(`${label(spec)} ${keyId ? `is sealed under key ${keyId}` : 'does not open'}`, secrets);
    }
  }
}

/**
 * At start, before serving: the configured keys must open what the database holds (else a
 * KeyringError naming ENCRYPTION_KEY), rows written before sealing are sealed, and the active key
 * is recorded as in use. `record: false` checks only (the admin CLI).
 */
export async function openKeyring(
  db: Db,
  secrets: SecretBox,
  options: { record?: boolean; log?: (progress: ResealProgress) => void } = {},
): Promise<void> {
  const row = await readKeyringRow(db);
  if (row) {
    const missing = row.inUse.filter((id) => id !== 'v1' && !secrets.keyIds.includes(id));
    if (missing.length) throw refusal(`values are sealed under key ${missing.join(', ')}`, secrets);
    try {
      secrets.decrypt(row.check);
    } catch {
      throw refusal('its key check does not open', secrets);
    }
    if (options.record !== false && !row.inUse.includes(secrets.activeKeyId)) {
      await writeKeyringRow(db, secrets, row.inUse);
    }
    return;
  }
  await openSamples(db, secrets);
  if (options.record === false) return;
  // First start of the keyring: what was written in clear or before key ids is sealed now.
  await resealAll(db, secrets, 'upgrade', options.log);
  await writeKeyringRow(db, secrets, await keysInUse(db));
}

/** True once the database holds anything sealed: the admin CLI must then be given the key. */
export async function holdsSealedValues(db: Db): Promise<boolean> {
  if (await readKeyringRow(db)) return true;
  for (const table of new Set(SEALED_COLUMNS.map((spec) => spec.table))) {
    const rows = await sql`SELECT 1 FROM ${sql.table(table)} LIMIT 1`.execute(db);
    if (rows.rows.length > 0) return true;
  }
  return false;
}

/** `keys rotate`: everything re-sealed under the active key, then the keys in use recorded anew. */
export async function rotateKeyring(
  db: Db,
  secrets: SecretBox,
  onProgress?: (progress: ResealProgress) => void,
): Promise<number> {
  const count = await resealAll(db, secrets, 'rotate', onProgress);
  await writeKeyringRow(db, secrets, await keysInUse(db));
  return count;
}
