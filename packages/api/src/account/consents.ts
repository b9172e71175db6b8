import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { UserConsentsTable } from '../db/schema';

// The consent ledger (user_consents): terms, privacy and marketing by e-mail and SMS, each change
// a new row; the newest row of a kind is the account's answer.

/** The ledger's latest entry of each kind, for the privacy and terms pages. */
export function latestConsents(db: Db, userId: number) {
  return db
    .selectFrom('user_consents')
    .select(['kind', 'granted', 'version', 'language', 'created_at'])
    .distinctOn('kind')
    .where('user_id', '=', userId)
    .orderBy('kind')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The latest marketing answers (e-mail, SMS); a kind never answered has no row. */
export function latestMarketingConsents(db: Db, userId: number) {
  return db
    .selectFrom('user_consents')
    .select(['kind', 'granted'])
    .distinctOn('kind')
    .where('user_id', '=', userId)
    .where('kind', 'in', ['marketing_email', 'marketing_sms'])
    .orderBy('kind')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Appends answers to the ledger, in the caller's transaction. */
export async function recordConsents(db: Db, rows: Insertable<UserConsentsTable>[]): Promise<void> {
  await db.insertInto('user_consents').values(rows).execute();
}
