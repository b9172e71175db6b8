import type { User } from '@vestibule/contract/schemas/user';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database';

/**
 * The User of SPEC §3 for GET /api/user: contacts sorted primary first. One query (issue 21): the
 * e-mails and phones come as JSON arrays beside the user row, one round trip instead of two.
 */
export async function loadUser(db: Db, userId: number): Promise<User | undefined> {
  const user = await db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('user_emails')
          .select(['id', 'address', 'is_default'])
          .select((inner) => inner('verified_at', 'is not', null).as('verified'))
          .whereRef('user_emails.user_id', '=', 'users.id')
          .orderBy('is_default', 'desc')
          .orderBy('id'),
      ).as('emails'),
      jsonArrayFrom(
        eb
          .selectFrom('user_phones')
          .select(['id', 'number', 'is_default'])
          .select((inner) => inner('verified_at', 'is not', null).as('verified'))
          .whereRef('user_phones.user_id', '=', 'users.id')
          .orderBy('is_default', 'desc')
          .orderBy('id'),
      ).as('phones'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  return {
    id: user.id,
    email: user.emails.map((e) => ({
      id: e.id,
      email: e.address,
      default: e.is_default,
      verified: e.verified === true,
    })),
    phone: user.phones.map((p) => ({
      id: p.id,
      phone: p.number,
      default: p.is_default,
      verified: p.verified === true,
    })),
    iban: user.iban,
    country: user.country,
    totpRecovery: [],
    fridom_user_id: user.fridom_user_id,
    user_id: user.user_id,
    customer_user_id: user.customer_user_id,
    firstname: user.firstname,
    lastname: user.lastname,
    name: [user.firstname, user.lastname].filter(Boolean).join(' '),
    gender: user.gender,
    birthdate: user.birthdate,
    language: user.language,
    password_status: user.password_status,
    last_password_change: user.last_password_change?.toISOString() ?? null,
    mfa_forced: user.mfa_forced,
    mfa_customer: user.mfa_customer,
  };
}
