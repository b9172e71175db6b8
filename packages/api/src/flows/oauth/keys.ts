import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { JWK } from 'oidc-provider';
import type { Db } from '../../db/database';
import type { SecretBox } from '../../security/secret-box';

/** A retired key stays published this long, past the life of anything it signed (id tokens: 1 h). */
export const RETIRED_KEY_RETENTION_SECONDS = 7 * 24 * 60 * 60;
/** Arbitrary constant naming the lock under which the first keys are made (several instances). */
const KEY_LOCK_ID = 7_423_004;

export interface ProviderKeys {
  /** Signing keys, the current one first: oidc-provider signs with the first RS256 key. */
  jwks: { keys: JWK[] };
  /** Cookie-signing keys, the current one first (keygrip signs with the first, verifies with all). */
  cookieKeys: string[];
  /** Changes whenever a key is added or pruned: running providers are rebuilt on change. */
  version: string;
}

function newSigningKey(): { kid: string; jwk: JWK } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  return { kid, jwk: { ...(privateKey.export({ format: 'jwk' }) as JWK), kid, alg: 'RS256', use: 'sig' } };
}

async function insertKeys(trx: Db, secrets: SecretBox): Promise<string> {
  const signing = newSigningKey();
  await trx
    .insertInto('oauth_keys')
    .values([
      { kid: signing.kid, use: 'sig', key_enc: secrets.encrypt(JSON.stringify(signing.jwk)) },
      { kid: randomUUID(), use: 'cookie', key_enc: secrets.encrypt(randomBytes(32).toString('base64url')) },
    ])
    .execute();
  return signing.kid;
}

/** Keys in use and still published, newest first. */
async function liveKeys(db: Db) {
  return db
    .selectFrom('oauth_keys')
    .select(['kid', 'use', 'key_enc', 'retired_at'])
    .where((eb) =>
      eb.or([
        eb('retired_at', 'is', null),
        eb('retired_at', '>', sql<Date>`now() - make_interval(secs => ${RETIRED_KEY_RETENTION_SECONDS})`),
      ]),
    )
    .orderBy(sql`retired_at IS NULL`, 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

/** The version of the live key set, cheap enough to ask every few seconds. */
export async function keysVersion(db: Db): Promise<string> {
  return (await liveKeys(db)).map((key) => key.kid).join(',');
}

/** The live keys, decrypted; the first start makes them (once, under a lock). */
export async function loadKeys(db: Db, secrets: SecretBox): Promise<ProviderKeys> {
  let rows = await liveKeys(db);
  if (!rows.some((row) => row.use === 'sig' && !row.retired_at)) {
    await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${KEY_LOCK_ID})`.execute(trx);
      const active = await trx
        .selectFrom('oauth_keys')
        .select('kid')
        .where('use', '=', 'sig')
        .where('retired_at', 'is', null)
        .executeTakeFirst();
      if (!active) await insertKeys(trx, secrets);
    });
    rows = await liveKeys(db);
  }
  return {
    jwks: {
      keys: rows.filter((row) => row.use === 'sig').map((row) => JSON.parse(secrets.decrypt(row.key_enc))),
    },
    cookieKeys: rows.filter((row) => row.use === 'cookie').map((row) => secrets.decrypt(row.key_enc)),
    version: rows.map((row) => row.kid).join(','),
  };
}

/**
 * Rotation: new signing and cookie keys take over at once; the previous ones are retired but stay
 * published (JWKS) and accepted (cookies) for RETIRED_KEY_RETENTION_SECONDS; older retired keys
 * are deleted. Running servers pick the new keys up within a few seconds.
 */
export async function rotateKeys(db: Db, secrets: SecretBox): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${KEY_LOCK_ID})`.execute(trx);
    await trx
      .updateTable('oauth_keys')
      .set({ retired_at: sql<Date>`now()` })
      .where('retired_at', 'is', null)
      .execute();
    await trx
      .deleteFrom('oauth_keys')
      .where('retired_at', '<', sql<Date>`now() - make_interval(secs => ${RETIRED_KEY_RETENTION_SECONDS})`)
      .execute();
    return insertKeys(trx, secrets);
  });
}
