import type { Db } from '../../db/database';

/** Which account of the edition owns an e-mail or phone (unique per edition), if any. */
export async function contactOwner(db: Db, edition: string, kind: 'sms' | 'email', target: string) {
  const row =
    kind === 'email'
      ? await db
          .selectFrom('user_emails')
          .select('user_id')
          .where('edition', '=', edition)
          .where('address', '=', target)
          .executeTakeFirst()
      : await db
          .selectFrom('user_phones')
          .select('user_id')
          .where('edition', '=', edition)
          .where('number', '=', target)
          .executeTakeFirst();
  return row?.user_id;
}

/**
 * A target proven by an MFA code becomes a verified contact of the user (primary when the user
 * has none of that kind), so that e-mail and phone lists and MFA agree.
 */
export async function addVerifiedContact(
  db: Db,
  user: { id: number; edition: string },
  kind: 'sms' | 'email',
  target: string,
): Promise<void> {
  if (kind === 'email') {
    const hasDefault = await db
      .selectFrom('user_emails')
      .select('id')
      .where('user_id', '=', user.id)
      .where('is_default', '=', true)
      .executeTakeFirst();
    await db
      .insertInto('user_emails')
      .values({
        user_id: user.id,
        edition: user.edition,
        address: target,
        is_default: !hasDefault,
        verified_at: new Date(),
      })
      .execute();
    return;
  }
  const hasDefault = await db
    .selectFrom('user_phones')
    .select('id')
    .where('user_id', '=', user.id)
    .where('is_default', '=', true)
    .executeTakeFirst();
  await db
    .insertInto('user_phones')
    .values({
      user_id: user.id,
      edition: user.edition,
      number: target,
      is_default: !hasDefault,
      verified_at: new Date(),
    })
    .execute();
}
