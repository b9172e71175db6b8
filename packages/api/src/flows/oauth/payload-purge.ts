import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Drops expired artefacts; consumed codes and refresh tokens stay until expiry for reuse detection.
 * Apart from the adapter (adapter.ts → refresh-batch.ts import oidc-provider's values): the server
 * runs this purge from start, and oidc-provider must stay unloaded until the first /oauth request
 * (decision 0059).
 */
export async function purgeExpiredPayloads(db: Db): Promise<void> {
  await db.deleteFrom('oauth_payloads').where('expires_at', '<', sql<Date>`now()`).execute();
}
