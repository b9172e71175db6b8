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
  /**
   * Signing keys, the current ones first, RSA before EC: oidc-provider signs with the first key of
   * the client's algorithm (RS256 by default, ES256 for clients registered for it).
   */
  jwks: { keys: JWK[] };
  /** Cookie-signing keys, the current one first (keygrip signs with the first, verifies with all). */
  cookieKeys: string[];
  /** Changes whenever a key is added or pruned: running providers are rebuilt on change. */
  version: string;
}

/** An RS256 key (every client unless registered otherwise) or an ES256 one (P-256; decision 0042). */
function newSigningKey(alg: 'RS256' | 'ES256'): { kid: string; jwk: JWK } {
  const { privateKey } =
    alg === 'RS256'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = randomUUID();
  return { kid, jwk: { ...(privateKey.export({ format: 'jwk' }) as JWK), kid, alg, use: 'sig' } };
}

async function insertSigningKey(trx: Db, secrets: SecretBox, alg: 'RS256' | 'ES256') {
  const signing = newSigningKey(alg);
  await trx
    .insertInto('oauth_keys')
    .values({ kid: signing.kid, use: 'sig', key_enc: secrets.encrypt(JSON.stringify(signing.jwk)) })
    .execute();
  return signing.kid;
}

async function insertKeys(trx: Db, secrets: SecretBox): Promise<string> {
  const kid = await insertSigningKey(trx, secrets, 'RS256');
  await insertSigningKey(trx, secrets, 'ES256');
  await trx
    .insertInto('oauth_keys')
    .values({
      kid: randomUUID(),
      use: 'cookie',
      key_enc: secrets.encrypt(randomBytes(32).toString('base64url')),
    })
    .execute();
  return kid;
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

/** Current (not retired) signing keys first, RSA before EC in each group; newest first otherwise. */
function signingOrder(keys: Array<{ jwk: JWK; retired: boolean }>): JWK[] {
  const rank = (key: { jwk: JWK; retired: boolean }) =>
    (key.retired ? 2 : 0) + (key.jwk.kty === 'EC' ? 1 : 0);
  return keys.sort((a, b) => rank(a) - rank(b)).map((key) => key.jwk);
}

/**
 * The live keys, decrypted; the first start makes them (once, under a lock). A key set made before
 * ES256 (decision 0042) gets its P-256 key the same way, on the first start that finds none.
 */
export async function loadKeys(db: Db, secrets: SecretBox): Promise<ProviderKeys> {
  let rows = await liveKeys(db);
  const decrypted = (all: typeof rows) =>
    all
      .filter((row) => row.use === 'sig')
      .map((row) => ({
        jwk: JSON.parse(secrets.decrypt(row.key_enc)) as JWK,
        retired: row.retired_at !== null,
      }));
  const hasCurrent = (kty: string) => decrypted(rows).some((key) => !key.retired && key.jwk.kty === kty);
  if (!hasCurrent('RSA') || !hasCurrent('EC')) {
    await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${KEY_LOCK_ID})`.execute(trx);
      const current = decrypted(await liveKeys(trx)).filter((key) => !key.retired);
      if (!current.some((key) => key.jwk.kty === 'RSA')) await insertKeys(trx, secrets);
      else if (!current.some((key) => key.jwk.kty === 'EC')) await insertSigningKey(trx, secrets, 'ES256');
    });
    rows = await liveKeys(db);
  }
  return {
    jwks: { keys: signingOrder(decrypted(rows)) },
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
