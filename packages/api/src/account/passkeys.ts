import { randomBytes } from 'node:crypto';
import type { Passkey } from '@vestibule/contract/schemas/passkeys';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { PasskeysTable } from '../db/schema';

export type PasskeyRow = Selectable<PasskeysTable>;

/** The user's passkeys of one edition, oldest first. */
export function listPasskeys(db: Db, userId: number, edition: string): Promise<PasskeyRow[]> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('edition', '=', edition)
    .orderBy('id')
    .execute();
}

export function findPasskey(db: Db, userId: number, id: number) {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The passkey a browser answered with, in this edition only (credential ids are per edition). */
export function findByCredentialId(db: Db, edition: string, credentialId: string) {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('edition', '=', edition)
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

/** The account's WebAuthn user handle: the one of its passkeys, else a new random one. */
export async function userHandleOf(db: Db, userId: number): Promise<string> {
  const row = await db
    .selectFrom('passkeys')
    .select('user_handle')
    .where('user_id', '=', userId)
    .orderBy('id')
    .executeTakeFirst();
  return row?.user_handle ?? randomBytes(32).toString('base64url');
}

export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    backed_up: row.backed_up,
  };
}

/** After a verified use: the new signature counter, the backup state, when. */
export async function recordUse(db: Db, id: number, use: { counter: number; backedUp: boolean }) {
  await db
    .updateTable('passkeys')
    .set({ sign_count: use.counter, backed_up: use.backedUp, last_used_at: new Date() })
    .where('id', '=', id)
    .execute();
}
