import { sql } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/database';
import type { SecretBox } from '../../security/secret-box';
import { clientMetadata, findClient } from './clients.queries';
import { payloadRow, storedPayload } from './payload-rows';
import {
  currentRefreshBatch,
  presentedRefreshToken,
  readRefreshRequest,
  takeReadAhead,
  writeRotation,
} from './refresh-batch';

/**
 * oidc-provider's storage on PostgreSQL/PGlite through Kysely (one row per artefact in
 * oauth_payloads), so that every instance sees the same codes, tokens, grants and interactions.
 * The Client model reads the registered clients of oauth_clients instead. A refresh-token grant
 * reads and writes in batches (refresh-batch.ts).
 */
export class KyselyAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly db: Db,
    private readonly options: { edition: string; secrets: SecretBox },
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    if (this.model === 'Client') throw new Error('clients are registered with the admin command');
    const row = payloadRow(this.model, id, payload, expiresIn);
    const batch = currentRefreshBatch();
    if (batch?.consume) {
      // The successor of a consumed refresh token waits for the access token, then all three go.
      if (this.model === 'RefreshToken' && !batch.successor) {
        batch.successor = row;
        return;
      }
      if (this.model === 'AccessToken' && batch.successor)
        return writeRotation(this.db, batch, [batch.successor, row]);
      await writeRotation(this.db, batch, batch.successor ? [batch.successor] : []);
    }
    const { model: _model, id: _id, ...columns } = row;
    await this.db
      .insertInto('oauth_payloads')
      .values(row)
      .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(columns))
      .execute();
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const batch = currentRefreshBatch();
    if (this.model === 'Client') {
      const refreshToken = presentedRefreshToken();
      const client =
        batch && !batch.read && refreshToken
          ? await readRefreshRequest(this.db, batch, this.options.edition, id, refreshToken)
          : await findClient(this.db, id, this.options.edition);
      return client ? clientMetadata(client, this.options.secrets) : undefined;
    }
    const readAhead = batch && takeReadAhead(batch, this.model, id);
    if (readAhead) return readAhead.payload;
    return this.findBy('id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findBy('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy('user_code', userCode);
  }

  private async findBy(column: 'id' | 'uid' | 'user_code', value: string) {
    const row = await this.db
      .selectFrom('oauth_payloads')
      .select(['payload', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
      .executeTakeFirst();
    if (!row) return undefined;
    const consumed = row.consumed_at ? Math.floor(row.consumed_at.getTime() / 1000) : null;
    return storedPayload(row.payload as AdapterPayload, consumed);
  }

  /**
   * Marks a code or refresh token used. Atomic: of two requests racing with the same code or
   * refresh token, only one consumes it; the other is refused like a reuse. The refresh token of a
   * refresh grant is consumed by the statement that stores its successor (refresh-batch.ts).
   */
  async consume(id: string): Promise<void> {
    const batch = currentRefreshBatch();
    if (this.model === 'RefreshToken' && batch && !batch.consume && id === presentedRefreshToken()) {
      batch.consume = id;
      return;
    }
    const result = await this.db
      .updateTable('oauth_payloads')
      .set({ consumed_at: sql<Date>`now()` })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) {
      // Loaded already: only the provider (loaded at the first /oauth request) calls its adapter.
      const { errors } = await import('oidc-provider');
      throw new errors.InvalidGrant('grant request is invalid');
    }
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('oauth_payloads').where('model', '=', this.model).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .deleteFrom('oauth_payloads')
      .where('model', '=', this.model)
      .where('grant_id', '=', grantId)
      .execute();
  }
}
