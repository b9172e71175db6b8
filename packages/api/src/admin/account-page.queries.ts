import { sql } from 'kysely';
import type { Db } from '../db/database';

// What the account page of the desk reads (decision 0076), one named query per part. The caller
// masks; these answer stored values (sealed columns still sealed).

export async function accountProfile(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'edition',
      'firstname',
      'lastname',
      'language',
      'birthdate',
      'national_register_number',
      'iban',
      'user_id',
      'customer_user_id',
      'created_at',
      'locked_at',
      'mfa_forced',
      'mfa_customer',
      'last_password_change',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function accountContacts(db: Db, userId: number) {
  const [emails, phones] = await Promise.all([
    db
      .selectFrom('user_emails')
      .select(['id', 'address as value', 'is_default as primary', 'verified_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('user_phones')
      .select(['id', 'number as value', 'is_default as primary', 'verified_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
  ]);
  return [
    ...emails.map((row) => ({ ...row, kind: 'email' as const })),
    ...phones.map((row) => ({ ...row, kind: 'phone' as const })),
  ];
}

export async function accountCards(db: Db, userId: number) {
  return db
    .selectFrom('cards')
    .leftJoin('companies', 'companies.id', 'cards.company_id')
    .select([
      'cards.id',
      'cards.number',
      'cards.status',
      'cards.holder_birthdate',
      'companies.name as company',
    ])
    .where('cards.user_id', '=', userId)
    .orderBy('cards.id')
    .execute();
}

/**
 * The second factors, with when each was last used: the newest sign-in or step-up that names its
 * kind (audit rows of the account, audit_events_user_id index).
 */
export async function accountFactors(db: Db, userId: number) {
  const [methods, passkeys, used, keys] = await Promise.all([
    db
      .selectFrom('mfa_methods')
      .select(['id', 'method', 'target', 'is_primary', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('passkeys')
      .select(['id', 'name', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    sql<{ method: string; at: Date }>`
      SELECT coalesce(detail->>'mfa', detail->>'method') AS method, max(created_at) AS at
      FROM audit_events
      WHERE user_id = ${userId} AND kind IN ('login.succeeded', 'sudo.granted')
        AND coalesce(detail->>'mfa', detail->>'method') IS NOT NULL
      GROUP BY 1`.execute(db),
    db
      .selectFrom('totp_recovery_keys')
      .select((eb) => eb.fn.countAll<number>().as('left'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirst(),
  ]);
  const lastUse = new Map(used.rows.map((row) => [row.method, new Date(row.at)]));
  return { methods, passkeys, lastUse, recoveryKeysLeft: Number(keys?.left ?? 0) };
}

export async function accountSessions(db: Db, userId: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('last_seen_at', 'desc')
    .limit(50)
    .execute();
}

/** The newest audit rows of the account (its security timeline as the desk sees it: staff too). */
export async function accountTimeline(db: Db, userId: number, limit = 30) {
  return db
    .selectFrom('audit_events')
    .select(['id', 'kind', 'created_at', 'ip', 'actor', 'detail'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Invitations sent to any of the account's e-mail addresses, or used to open it. */
export async function accountInvitations(db: Db, userId: number, edition: string) {
  return db
    .selectFrom('invitations')
    .innerJoin('companies', 'companies.id', 'invitations.company_id')
    .select([
      'invitations.id',
      'invitations.email',
      'companies.name as company',
      'invitations.created_at',
      'invitations.expires_at',
      'invitations.used_at',
    ])
    .where('invitations.edition', '=', edition)
    .where((eb) =>
      eb.or([
        eb('invitations.user_id', '=', userId),
        eb(
          'invitations.email',
          'in',
          eb
            .selectFrom('user_emails')
            .select('user_emails.address')
            .where('user_emails.user_id', '=', userId),
        ),
      ]),
    )
    .orderBy('invitations.id', 'desc')
    .execute();
}

/** Merges the account took part in, either side (the audit rows the merge wrote). */
export async function accountMerges(db: Db, userId: number) {
  return db
    .selectFrom('audit_events')
    .select(['kind', 'created_at', 'detail'])
    .where('user_id', '=', userId)
    .where('kind', 'in', ['fuzzion.merged', 'fuzzion.refused'])
    .orderBy('id', 'desc')
    .execute();
}

/** The account's newest MFA-reset request, whatever its status. */
export async function latestMfaReset(db: Db, userId: number) {
  return db
    .selectFrom('mfa_reset_requests')
    .select(['id', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
