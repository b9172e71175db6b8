import { CompiledQuery, sql } from 'kysely';
import Provider, { type AdapterPayload, errors, type KoaContextWithOIDC } from 'oidc-provider';
import { compiledOnce, executePrepared } from '../../db/compiled-query';
import type { Db } from '../../db/database';
import { accountJson, type OAuthAccountRow } from './account';
import { clientQuery, type OAuthClient } from './clients.queries';
import type { PayloadRow } from './payload-rows';
import { storedPayload } from './payload-rows';

// A refresh with rotation in three statements instead of eight (docs/decisions/0058).
// oidc-provider asks its adapter one thing at a time: the client, the refresh token, its grant, the
// account, then it consumes the token and stores its successor and the new access token, each a
// round trip to PostgreSQL. For a refresh-token grant the adapter instead
//  - reads the client, the presented refresh token, its grant and its account in one statement,
//    when the provider looks the client up (the request's parameters are known by then), and
//    answers the provider's next finds from that read, once each;
//  - holds the consumption of the presented token back until the provider saves its successor
//    and the access token, and writes all three in one statement that stores the new tokens only
//    if the consumption took: of two requests racing with one token, one wins, the other gets
//    invalid_grant as before (now without orphan tokens of the loser). A consumed token presented
//    again is still found consumed, and the provider still revokes the grant.
// Anything held back and not yet written when the provider has answered is written then
// (finishRefreshWrites), so a consumption is never lost.
// The order of the provider's adapter calls this relies on is pinned by
// test/oauth/refresh-order.test.ts: an upgrade that changes it fails there, not in production.

/** What one refresh request read ahead, and the writes it holds back. */
interface RefreshBatch {
  /** The read ahead was made (once per request). */
  read: boolean;
  refreshToken?: { id: string; payload: AdapterPayload | undefined };
  grant?: { id: string; payload: AdapterPayload | undefined };
  account?: { sub: string; row: OAuthAccountRow | null };
  /** The presented refresh token, consumed by the statement that stores its successor. */
  consume?: string;
  successor?: PayloadRow;
}

const batches = new WeakMap<KoaContextWithOIDC, RefreshBatch>();

function isRefreshGrant(ctx: KoaContextWithOIDC | undefined): ctx is KoaContextWithOIDC {
  return ctx?.oidc?.route === 'token' && ctx.oidc.params?.grant_type === 'refresh_token';
}

/** The batch of the request being served, when it is a refresh-token grant. */
export function currentRefreshBatch(): RefreshBatch | undefined {
  const ctx = Provider.ctx;
  if (!isRefreshGrant(ctx)) return undefined;
  let batch = batches.get(ctx);
  if (!batch) {
    batch = { read: false };
    batches.set(ctx, batch);
  }
  return batch;
}

/** The presented refresh token of the request, if it is one string. */
export function presentedRefreshToken(): string | undefined {
  const token = Provider.ctx?.oidc?.params?.refresh_token;
  return typeof token === 'string' && token.length > 0 ? token : undefined;
}

interface RefreshRead {
  payload: AdapterPayload;
  consumed: number | null;
  grantId: string | null;
  grant: AdapterPayload | null;
  accountId: string | null;
  account: OAuthAccountRow | null;
}

/** An unexpired row of oauth_payloads, as the adapter's find reads it. */
const live = (alias: string) => sql.raw(`(${alias}.expires_at IS NULL OR ${alias}.expires_at > now())`);

/**
 * The read of a refresh request, built and compiled once and prepared on PostgreSQL: its planning
 * cost three times its execution (decision 0058), and Kysely's building of it and of the write at
 * every refresh was 9 % of the server's profile, with its garbage (decision 0062).
 */
const refreshReadStatement = compiledOnce(
  'oauth.refreshRead',
  (db: Db, edition: string, clientId: string, refreshTokenId: string) => {
    // The account id as findOAuthAccount accepts it (userIdOf): digits that fit an integer.
    const userId = sql<number | null>`CASE WHEN rt.account_id ~ '^[0-9]{1,10}$' THEN
      CASE WHEN rt.account_id::bigint <= 2147483647 THEN rt.account_id::integer END END`;
    return clientQuery(db, clientId, edition).select(
      sql<RefreshRead | null>`(
        SELECT json_build_object(
          'payload', rt.payload,
          'consumed', floor(extract(epoch FROM rt.consumed_at)),
          'grantId', rt.grant_id,
          'grant', g.payload,
          'accountId', rt.account_id,
          'account', ${accountJson(edition, userId)})
        FROM oauth_payloads rt
        LEFT JOIN oauth_payloads g ON g.model = 'Grant' AND g.id = rt.grant_id AND ${live('g')}
        WHERE rt.model = 'RefreshToken' AND rt.id = ${refreshTokenId} AND ${live('rt')})`.as('refresh'),
    );
  },
  ['\u0000edition', '\u0000client-id', '\u0000refresh-token'],
);

/**
 * The client (as findClient reads it) with the presented refresh token, its grant and its account
 * in one statement; the token's parts are kept in the batch for the provider's next finds.
 */
export async function readRefreshRequest(
  db: Db,
  batch: RefreshBatch,
  edition: string,
  clientId: string,
  refreshTokenId: string,
): Promise<OAuthClient | undefined> {
  batch.read = true;
  const row = await refreshReadStatement(db, edition, clientId, refreshTokenId);
  if (!row) return undefined;
  const { refresh, ...client } = row;
  batch.refreshToken = {
    id: refreshTokenId,
    payload: refresh ? storedPayload(refresh.payload, refresh.consumed) : undefined,
  };
  if (refresh?.grantId) batch.grant = { id: refresh.grantId, payload: refresh.grant ?? undefined };
  if (refresh?.accountId) batch.account = { sub: refresh.accountId, row: refresh.account };
  return client;
}

/** The read-ahead answer for a find of this model and id, once; undefined when there is none. */
export function takeReadAhead(
  batch: RefreshBatch,
  model: string,
  id: string,
): { payload: AdapterPayload | undefined } | undefined {
  const key = model === 'RefreshToken' ? 'refreshToken' : model === 'Grant' ? 'grant' : undefined;
  const found = key ? batch[key] : undefined;
  if (!key || found?.id !== id) return undefined;
  batch[key] = undefined;
  return found;
}

/** The read-ahead account of a subject, once: { row: null } when it is unknown or locked. */
export function takeReadAheadAccount(
  ctx: KoaContextWithOIDC,
  sub: string,
): { row: OAuthAccountRow | null } | undefined {
  const batch = batches.get(ctx);
  const found = batch?.account;
  if (!batch || found?.sub !== sub) return undefined;
  batch.account = undefined;
  return found;
}

/** The columns of a stored row, in the order of PayloadRow, with the types the VALUES list needs. */
const ROW_COLUMNS = [
  ['model', 'text'],
  ['id', 'text'],
  ['payload', 'jsonb'],
  ['grant_id', 'text'],
  ['uid', 'text'],
  ['user_code', 'text'],
  ['account_id', 'text'],
  ['client_id', 'text'],
  ['expires_at', 'timestamptz'],
] as const satisfies ReadonlyArray<readonly [keyof PayloadRow, string]>;

const CONSUME = `UPDATE oauth_payloads SET consumed_at = now()
    WHERE model = 'RefreshToken' AND id = $1 AND consumed_at IS NULL RETURNING id`;

/**
 * The text of the rotation write for `rowCount` new rows (1 or 2): fixed texts, written once and
 * prepared on PostgreSQL, where building the statement with Kysely cost CPU at every refresh
 * (decision 0062). $1 is the consumed token's id, then each row's columns in ROW_COLUMNS order.
 */
const rotationTexts = new Map<number, string>();
function rotationText(rowCount: number): string {
  let text = rotationTexts.get(rowCount);
  if (text !== undefined) return text;
  const names = ROW_COLUMNS.map(([name]) => name).join(', ');
  const values = Array.from({ length: rowCount }, (_, row) => {
    const first = 2 + row * ROW_COLUMNS.length;
    return `(${ROW_COLUMNS.map(([, type], column) => `$${first + column}::${type}`).join(', ')})`;
  });
  const updates = ROW_COLUMNS.slice(2)
    .map(([name]) => `${name} = excluded.${name}`)
    .join(', ');
  text = `WITH consumed AS (${CONSUME})
    INSERT INTO oauth_payloads (${names})
    SELECT ${ROW_COLUMNS.map(([name]) => `v.${name}`).join(', ')}
    FROM (VALUES ${values.join(', ')}) AS v (${names})
    WHERE EXISTS (SELECT 1 FROM consumed)
    ON CONFLICT (model, id) DO UPDATE SET ${updates}
    RETURNING id`;
  rotationTexts.set(rowCount, text);
  return text;
}

/**
 * Consumes the held-back refresh token and stores `rows` (its successor, the access token) in one
 * statement, the rows only if the token was not consumed yet; else invalid_grant, as the adapter's
 * consume answers a reuse.
 */
export async function writeRotation(db: Db, batch: RefreshBatch, rows: PayloadRow[]): Promise<void> {
  const consumeId = batch.consume;
  batch.consume = undefined;
  batch.successor = undefined;
  if (!consumeId) throw new Error('no refresh token held back for consumption');
  const parameters: unknown[] = [consumeId];
  for (const row of rows) for (const [name] of ROW_COLUMNS) parameters.push(row[name]);
  const text = rows.length ? rotationText(rows.length) : CONSUME;
  const written = await executePrepared<{ id: string }>(db, CompiledQuery.raw(text, parameters));
  if (written.length === 0) throw new errors.InvalidGrant('grant request is invalid');
}

/**
 * Koa middleware of the provider: writes what a refresh request still holds back once the
 * provider has answered (the provider saved no access token after the successor, or failed in
 * between). A consumption that does not take turns a success into invalid_grant, whose new tokens
 * were then never stored.
 */
export function finishRefreshWrites(db: Db) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    const batch = batches.get(ctx);
    if (!batch?.consume) return;
    try {
      await writeRotation(db, batch, batch.successor ? [batch.successor] : []);
    } catch (error) {
      if (!(error instanceof errors.InvalidGrant)) throw error;
      // An answer that already refuses stays as it is: the token was consumed by another request.
      if (ctx.status >= 400) return;
      ctx.status = 400;
      ctx.body = { error: 'invalid_grant', error_description: 'grant request is invalid' };
    }
  };
}
