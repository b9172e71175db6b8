import type { Account } from 'oidc-provider';
import type { Db } from '../../db/database';

/** The user behind a subject on an edition's authorization server; locked accounts are gone. */
export async function findOAuthAccount(db: Db, edition: string, sub: string): Promise<Account | undefined> {
  if (!/^\d{1,10}$/.test(sub)) return undefined;
  const userId = Number(sub);
  const user = await db
    .selectFrom('users')
    .select(['id', 'firstname', 'lastname', 'language'])
    .where('id', '=', userId)
    .where('edition', '=', edition)
    .where('locked_at', 'is', null)
    .executeTakeFirst();
  if (!user) return undefined;
  return {
    accountId: sub,
    // Every claim the account has; oidc-provider releases only those of the granted scopes.
    async claims() {
      const [email, phone] = await Promise.all([
        db
          .selectFrom('user_emails')
          .select(['address', 'verified_at'])
          .where('user_id', '=', userId)
          .where('is_default', '=', true)
          .executeTakeFirst(),
        db
          .selectFrom('user_phones')
          .select(['number', 'verified_at'])
          .where('user_id', '=', userId)
          .where('is_default', '=', true)
          .executeTakeFirst(),
      ]);
      const name = [user.firstname, user.lastname].filter(Boolean).join(' ');
      return {
        sub,
        ...(name ? { name } : {}),
        ...(user.firstname ? { given_name: user.firstname } : {}),
        ...(user.lastname ? { family_name: user.lastname } : {}),
        locale: user.language.replace('_', '-'),
        ...(email ? { email: email.address, email_verified: email.verified_at !== null } : {}),
        ...(phone ? { phone_number: phone.number, phone_number_verified: phone.verified_at !== null } : {}),
      };
    },
  };
}
