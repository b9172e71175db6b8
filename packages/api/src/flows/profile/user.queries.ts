import type { User } from '@vestibule/contract/schemas/user';
import type { Db } from '../../db/database';

/** The User of SPEC §3 for GET /api/user: contacts sorted primary first. */
export async function loadUser(db: Db, userId: number): Promise<User | undefined> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return undefined;
  const [emails, phones] = await Promise.all([
    db
      .selectFrom('user_emails')
      .select(['id', 'address', 'is_default', 'verified_at'])
      .where('user_id', '=', userId)
      .orderBy('is_default', 'desc')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('user_phones')
      .select(['id', 'number', 'is_default', 'verified_at'])
      .where('user_id', '=', userId)
      .orderBy('is_default', 'desc')
      .orderBy('id')
      .execute(),
  ]);
  return {
    id: user.id,
    email: emails.map((e) => ({
      id: e.id,
      email: e.address,
      default: e.is_default,
      verified: e.verified_at !== null,
    })),
    phone: phones.map((p) => ({
      id: p.id,
      phone: p.number,
      default: p.is_default,
      verified: p.verified_at !== null,
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
