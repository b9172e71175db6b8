import type { MfaMethod } from '@vestibule/contract/schemas/mfa';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { MfaMethodKind, MfaMethodsTable } from '../db/schema';
import { maskRecipient } from '../delivery/mask';

export type MfaMethodRow = Selectable<MfaMethodsTable>;

/**
 * Holds the account's row until the transaction ends: changes of one account's methods (adding,
 * deleting, switching the primary) then run one after the other, so the single primary and the
 * last e-mail and SMS methods hold when requests cross on separate connections. FOR NO KEY UPDATE
 * leaves foreign-key checks of other tables free; merges take the same row first as well.
 */
export async function lockAccountMethods(db: Db, userId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

/** The user's set-up methods, primary first. */
export async function listMethods(db: Db, userId: number): Promise<MfaMethodRow[]> {
  return db
    .selectFrom('mfa_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_primary', 'desc')
    .orderBy('id')
    .execute();
}

/** One of the user's methods; another user's id is simply not found. */
export async function findMethod(db: Db, userId: number, id: number, options: { forUpdate?: boolean } = {}) {
  let query = db.selectFrom('mfa_methods').selectAll().where('user_id', '=', userId).where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findMethodByTarget(db: Db, userId: number, method: MfaMethodKind, target: string) {
  return db
    .selectFrom('mfa_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .where('method', '=', method)
    .where('target', '=', target)
    .executeTakeFirst();
}

export function toMfaMethod(row: MfaMethodRow, options: { masked: boolean }): MfaMethod {
  return {
    id: row.id,
    method: row.method,
    target: row.target && options.masked ? maskRecipient(row.target) : row.target,
    primary: row.is_primary,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function countUnusedRecoveryKeys(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('totp_recovery_keys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The methods a user may pick from at login or step-up: the set-up ones, plus `totpRecovery`
 * (with the authenticator's id) when unused recovery keys remain. Given an edition, a `passkey`
 * entry comes first when the account has a passkey of that edition: the preferred method, the
 * one that resists phishing. An account without code methods gets it only when
 * `passkeyAlone` says so: a password login then needs the passkey (a forced user), or the list
 * is the logged-in user's (step-up); otherwise its password login stays as it was, so losing the
 * passkey never locks the account (docs/decisions/0047).
 */
export async function selectableMethods(
  db: Db,
  userId: number,
  options: { masked: boolean; edition?: string; passkeyAlone?: boolean },
) {
  const rows = await listMethods(db, userId);
  const methods: MfaMethod[] = rows.map((row) => toMfaMethod(row, options));
  const passkey =
    options.edition && (rows.length > 0 || options.passkeyAlone)
      ? await db
          .selectFrom('passkeys')
          .select(['id', 'created_at'])
          .where('user_id', '=', userId)
          .where('edition', '=', options.edition)
          .orderBy('id')
          .executeTakeFirst()
      : undefined;
  if (passkey)
    methods.unshift({
      id: passkey.id,
      method: 'passkey',
      target: null,
      primary: false,
      created_at: new Date(passkey.created_at).toISOString(),
    });
  const totp = rows.find((row) => row.method === 'totp');
  if (totp && (await countUnusedRecoveryKeys(db, userId)) > 0) {
    methods.push({ ...toMfaMethod(totp, options), method: 'totpRecovery', primary: false });
  }
  return methods;
}

/** Adds a method; the user's first method becomes primary. */
export async function insertMethod(
  db: Db,
  input: {
    userId: number;
    method: MfaMethodKind;
    target: string | null;
    secretEnc?: string | null;
    lastTotpStep?: number | null;
  },
): Promise<MfaMethodRow> {
  await lockAccountMethods(db, input.userId);
  const primary = await db
    .selectFrom('mfa_methods')
    .select('id')
    .where('user_id', '=', input.userId)
    .where('is_primary', '=', true)
    .executeTakeFirst();
  return db
    .insertInto('mfa_methods')
    .values({
      user_id: input.userId,
      method: input.method,
      target: input.target,
      secret_enc: input.secretEnc ?? null,
      last_totp_step: input.lastTotpStep ?? null,
      is_primary: !primary,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Makes one method primary (the unique index allows one per user: clear first). */
export async function setPrimary(db: Db, userId: number, id: number): Promise<void> {
  await db.updateTable('mfa_methods').set({ is_primary: false }).where('user_id', '=', userId).execute();
  await db
    .updateTable('mfa_methods')
    .set({ is_primary: true, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes a method (its recovery keys go with it by cascade). When it was primary, the backup
 * becomes primary: the oldest SMS method, else the oldest e-mail, else any.
 */
export async function deleteMethod(db: Db, row: MfaMethodRow): Promise<number | undefined> {
  await db.deleteFrom('mfa_methods').where('id', '=', row.id).execute();
  if (!row.is_primary) return undefined;
  const rest = await listMethods(db, row.user_id);
  const backup = rest.find((m) => m.method === 'sms') ?? rest.find((m) => m.method === 'email') ?? rest[0];
  if (backup) await setPrimary(db, row.user_id, backup.id);
  return backup?.id;
}
