import { type RawBuilder, sql } from 'kysely';
import type { Account } from 'oidc-provider';
import type { Db } from '../../db/database';

/** What an account's claims are made of: the user row with its default e-mail and phone. */
export interface OAuthAccountRow {
  firstname: string | null;
  lastname: string | null;
  language: string;
  email: string | null;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
}

/** users.id is an integer: a subject of up to 10 digits that fits one is a user id. */
const MAX_USER_ID = 2_147_483_647;

/** The user id of a subject, or undefined when it cannot be one. */
export function userIdOf(sub: string): number | undefined {
  if (!/^\d{1,10}$/.test(sub)) return undefined;
  const id = Number(sub);
  return id <= MAX_USER_ID ? id : undefined;
}

/**
 * One JSON value (null when the user is unknown, of another edition or locked): the user and its
 * default e-mail and phone. `userId` is a value or an SQL expression, so that the refresh grant's
 * single read (refresh-batch.ts) asks exactly what findOAuthAccount asks.
 */
export function accountJson(edition: string, userId: number | RawBuilder<number | null>) {
  return sql<OAuthAccountRow | null>`(
    SELECT json_build_object(
      'firstname', u.firstname, 'lastname', u.lastname, 'language', u.language,
      'email', e.address, 'emailVerified', e.verified_at IS NOT NULL,
      'phone', p.number, 'phoneVerified', p.verified_at IS NOT NULL)
    FROM users u
    LEFT JOIN LATERAL (
      SELECT address, verified_at FROM user_emails WHERE user_id = u.id AND is_default LIMIT 1
    ) e ON true
    LEFT JOIN LATERAL (
      SELECT number, verified_at FROM user_phones WHERE user_id = u.id AND is_default LIMIT 1
    ) p ON true
    WHERE u.id = ${userId} AND u.edition = ${edition} AND u.locked_at IS NULL)`;
}

/**
 * The user behind a subject on an edition's authorization server; locked accounts are gone. One
 * query: the default e-mail and phone come with the user row, since every code exchange
 * and refresh asks for the claims of its new ID token right after finding the account.
 */
export async function findOAuthAccount(db: Db, edition: string, sub: string): Promise<Account | undefined> {
  const userId = userIdOf(sub);
  if (userId === undefined) return undefined;
  const { rows } = await sql<{
    account: OAuthAccountRow | null;
  }>`SELECT ${accountJson(edition, userId)} AS account`.execute(db);
  const user = rows[0]?.account;
  return user ? oauthAccount(sub, user) : undefined;
}

/** The provider's account of a subject whose row was read. */
export function oauthAccount(sub: string, user: OAuthAccountRow): Account {
  return {
    accountId: sub,
    // Every claim the account has; oidc-provider releases only those of the granted scopes.
    async claims() {
      const name = [user.firstname, user.lastname].filter(Boolean).join(' ');
      return {
        sub,
        ...(name ? { name } : {}),
        ...(user.firstname ? { given_name: user.firstname } : {}),
        ...(user.lastname ? { family_name: user.lastname } : {}),
        locale: user.language.replace('_', '-'),
        ...(user.email ? { email: user.email, email_verified: user.emailVerified === true } : {}),
        ...(user.phone
          ? { phone_number: user.phone, phone_number_verified: user.phoneVerified === true }
          : {}),
      };
    },
  };
}
