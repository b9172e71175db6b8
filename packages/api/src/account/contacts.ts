import type { Db } from '../db/database';

// The contacts (e-mail addresses and phone numbers) of an account: its queries and invariants
// (SPEC §5: the minimums, one primary per kind, an address unique per edition).

/** Verified e-mails and phones of a user, primary first: who hears about a password change. */
export async function verifiedContacts(db: Db, userId: number) {
  const emails = await db
    .selectFrom('user_emails')
    .select('address')
    .where('user_id', '=', userId)
    .where('verified_at', 'is not', null)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  const phones = await db
    .selectFrom('user_phones')
    .select('number')
    .where('user_id', '=', userId)
    .where('verified_at', 'is not', null)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  return { emails: emails.map((row) => row.address), phones: phones.map((row) => row.number) };
}

/** Every e-mail of a user (verified or not), for the "not personal" password rule. */
export async function allEmails(db: Db, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('user_emails').select('address').where('user_id', '=', userId).execute();
  return rows.map((row) => row.address);
}
