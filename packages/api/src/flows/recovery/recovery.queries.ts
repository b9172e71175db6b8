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
