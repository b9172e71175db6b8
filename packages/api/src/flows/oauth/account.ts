import type { Account } from 'oidc-provider';
import type { Db } from '../../db/database';

/**
 * The user behind a subject on an edition's authorization server; locked accounts are gone. One
 * query (issue 21): the default e-mail and phone come with the user row, since every code exchange
 * and refresh asks for the claims of its new ID token right after finding the account.
 */
export async function findOAuthAccount(db: Db, edition: string, sub: string): Promise<Account | undefined> {
  if (!/^\d{1,10}$/.test(sub)) return undefined;
  const userId = Number(sub);
  const user = await db
    .selectFrom('users')
    .select(['id', 'firstname', 'lastname', 'language'])
    .select((eb) => [
      eb
        .selectFrom('user_emails')
        .select('address')
        .whereRef('user_emails.user_id', '=', 'users.id')
        .where('is_default', '=', true)
        .limit(1)
        .as('email'),
      eb
        .selectFrom('user_emails')
        .select((inner) => inner('verified_at', 'is not', null).as('verified'))
        .whereRef('user_emails.user_id', '=', 'users.id')
        .where('is_default', '=', true)
        .limit(1)
        .as('emailVerified'),
      eb
        .selectFrom('user_phones')
        .select('number')
        .whereRef('user_phones.user_id', '=', 'users.id')
        .where('is_default', '=', true)
        .limit(1)
        .as('phone'),
      eb
        .selectFrom('user_phones')
        .select((inner) => inner('verified_at', 'is not', null).as('verified'))
        .whereRef('user_phones.user_id', '=', 'users.id')
        .where('is_default', '=', true)
        .limit(1)
        .as('phoneVerified'),
    ])
    .where('id', '=', userId)
    .where('edition', '=', edition)
    .where('locked_at', 'is', null)
    .executeTakeFirst();
  if (!user) return undefined;
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
