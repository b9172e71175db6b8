import type { Db } from '../../db/database';

/** The user's primary verified e-mail or phone (step-up of an account without MFA methods). */
export async function primaryVerifiedContact(db: Db, userId: number, kind: 'sms' | 'email') {
  const row =
    kind === 'email'
      ? await db
          .selectFrom('user_emails')
          .select('address as target')
          .where('user_id', '=', userId)
          .where('verified_at', 'is not', null)
          .orderBy('is_default', 'desc')
          .orderBy('id')
          .executeTakeFirst()
      : await db
          .selectFrom('user_phones')
          .select('number as target')
          .where('user_id', '=', userId)
          .where('verified_at', 'is not', null)
          .orderBy('is_default', 'desc')
          .orderBy('id')
          .executeTakeFirst();
  return row?.target;
}
