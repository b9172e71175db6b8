import type { Username } from '@vestibule/contract/username';
import type { Db } from '../../db/database';
import type { SecretBox } from '../../security/secret-box';

/** What recovery needs of an account. */
export interface RecoveryAccount {
  id: number;
  edition: string;
  language: string;
  firstname: string | null;
  lastname: string | null;
}

/**
 * The account of an edition whose *verified* e-mail or phone this is. An unverified contact never
 * receives a reset code: it may belong to someone else.
 */
export async function findAccountByVerifiedUsername(
  db: Db,
  edition: string,
  username: Username,
): Promise<RecoveryAccount | undefined> {
  const base = db
    .selectFrom('users')
    .select(['users.id', 'users.edition', 'users.language', 'users.firstname', 'users.lastname']);
  const query =
    username.kind === 'email'
      ? base
          .innerJoin('user_emails', 'user_emails.user_id', 'users.id')
          .where('user_emails.edition', '=', edition)
          .where('user_emails.address', '=', username.value)
          .where('user_emails.verified_at', 'is not', null)
      : base
          .innerJoin('user_phones', 'user_phones.user_id', 'users.id')
          .where('user_phones.edition', '=', edition)
          .where('user_phones.number', '=', username.value)
          .where('user_phones.verified_at', 'is not', null);
  return query.executeTakeFirst();
}

export async function findRecoveryAccount(db: Db, userId: number): Promise<RecoveryAccount | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'edition', 'language', 'firstname', 'lastname'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Ends everything the old password opened: every session, every trusted device (so the next login
 * asks for MFA again), and every open challenge (login flows, step-ups, other resets).
 */
export async function endEverythingOfUser(db: Db, userId: number) {
  const sessions = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  const devices = await db.deleteFrom('trusted_devices').where('user_id', '=', userId).executeTakeFirst();
  await db
    .updateTable('code_challenges')
    .set({ consumed_at: new Date() })
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .execute();
  return { sessions: Number(sessions.numDeletedRows), trustedDevices: Number(devices.numDeletedRows) };
}

/** Users of an edition linked to a card number (the card's holder account), found by blind index. */
export async function userIdsByCard(
  db: Db,
  secrets: SecretBox,
  edition: string,
  number: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('cards')
    .select('user_id')
    .where('edition', '=', edition)
    .where('number_index', 'in', secrets.blindIndexes('pan', number))
    .where('user_id', 'is not', null)
    .execute();
  return rows.map((row) => row.user_id as number);
}

/** Users of an edition with this national register number, on their account or on a card of theirs. */
export async function userIdsByNationalNumber(
  db: Db,
  secrets: SecretBox,
  edition: string,
  nrn: string,
): Promise<number[]> {
  const indexes = secrets.blindIndexes('nrn', nrn);
  const own = await db
    .selectFrom('users')
    .select('id')
    .where('edition', '=', edition)
    .where('national_register_number_index', 'in', indexes)
    .execute();
  const holders = await db
    .selectFrom('cards')
    .select('user_id')
    .where('edition', '=', edition)
    .where('holder_nrn_index', 'in', indexes)
    .where('user_id', 'is not', null)
    .execute();
  return [...new Set([...own.map((row) => row.id), ...holders.map((row) => row.user_id as number)])].sort(
    (a, b) => a - b,
  );
}

/** The usernames (every e-mail and phone, primary first) of some users. */
export async function usernamesOf(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  const emails = await db
    .selectFrom('user_emails')
    .select(['user_id', 'address'])
    .where('user_id', 'in', userIds)
    .orderBy('user_id')
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  const phones = await db
    .selectFrom('user_phones')
    .select(['user_id', 'number'])
    .where('user_id', 'in', userIds)
    .orderBy('user_id')
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  return [
    ...emails.map((row) => ({ kind: 'email' as const, value: row.address })),
    ...phones.map((row) => ({ kind: 'phone' as const, value: row.number })),
  ];
}
