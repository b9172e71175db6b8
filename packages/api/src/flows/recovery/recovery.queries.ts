import type { Username } from '@vestibule/contract/username';
import type { Db } from '../../db/database';
import type { SecretBox } from '../../security/secret-box';

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
