import { sql } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/database';
import type { SecretBox } from '../../security/secret-box';
import { clientMetadata, findClient } from './clients.queries';

/**
 * oidc-provider's storage on PostgreSQL/PGlite through Kysely (one row per artefact in
 * oauth_payloads), so that every instance sees the same codes, tokens, grants and interactions.
 * The Client model reads the registered clients of oauth_clients instead.
 */
export class KyselyAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly db: Db,
    private readonly options: { edition: string; secrets: SecretBox },
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    if (this.model === 'Client') throw new Error('clients are registered with the admin command');
    const grantId = this.model === 'Grant' ? id : (payload.grantId ?? null);
    const row = {
      payload: JSON.stringify(payload),
      grant_id: grantId,
      uid: payload.uid ?? null,
      user_code: payload.userCode ?? null,
      account_id: payload.accountId ?? null,
      client_id: payload.clientId ?? null,
      expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db
      .insertInto('oauth_payloads')
      .values({ model: this.model, id, ...row })
      .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(row))
      .execute();
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    if (this.model === 'Client') {
      const client = await findClient(this.db, id, this.options.edition);
      return client ? clientMetadata(client, this.options.secrets) : undefined;
    }
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
    const payload = row.payload as AdapterPayload;
    return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : payload;
  }

  /**
   * Marks a code or refresh token used. Atomic: of two requests racing with the same code or
   * refresh token, only one consumes it; the other is refused like a reuse.
   */
  async consume(id: string): Promise<void> {
    const result = await this.db
      .updateTable('oauth_payloads')
      .set({ consumed_at: sql<Date>`now()` })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) {
      // Loaded already (only the provider calls its adapter); not at start by purgeExpiredPayloads.
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

/** Drops expired artefacts; consumed codes and refresh tokens stay until expiry for reuse detection. */
export async function purgeExpiredPayloads(db: Db): Promise<void> {
  await db.deleteFrom('oauth_payloads').where('expires_at', '<', sql<Date>`now()`).execute();
}
