import type { Username } from '@vestibule/contract/username';
import type { Db } from '../../db/database';

export interface LoginCandidate {
  id: number;
  passwordHash: string | null;
  lockedAt: Date | null;
  passwordStatus: number;
  /** Whether the account has any MFA method: only then are its methods read (issue 21). */
  hasMfaMethods: boolean;
  mfaForced: boolean;
}

/** The account of an edition that owns an e-mail or phone, with what login needs. */
export async function findUserByUsername(db: Db, edition: string, username: Username) {
  const base = db
    .selectFrom('users')
    .select([
      'users.id',
      'users.password_hash as passwordHash',
      'users.locked_at as lockedAt',
      'users.password_status as passwordStatus',
      'users.mfa_forced as mfaForced',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('mfa_methods')
            .select('mfa_methods.id')
            .whereRef('mfa_methods.user_id', '=', 'users.id'),
        )
        .as('hasMfaMethods'),
    );
  const query =
    username.kind === 'email'
      ? base
          .innerJoin('user_emails', 'user_emails.user_id', 'users.id')
          .where('user_emails.edition', '=', edition)
          .where('user_emails.address', '=', username.value)
      : base
          .innerJoin('user_phones', 'user_phones.user_id', 'users.id')
          .where('user_phones.edition', '=', edition)
          .where('user_phones.number', '=', username.value);
  return (await query.executeTakeFirst()) as LoginCandidate | undefined;
}
