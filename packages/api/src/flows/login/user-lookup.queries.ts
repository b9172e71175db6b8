import type { Username } from '@vestibule/contract/username';
import { compiledOnce } from '../../db/compiled-query';
import type { Db } from '../../db/database';

export interface LoginCandidate {
  id: number;
  passwordHash: string | null;
  lockedAt: Date | null;
  /** While the account is closing: when its data is erased (decision 0079). */
  closesAt: Date | null;
  passwordStatus: number;
  /** Whether the account has any MFA method: only then are its methods read. */
  hasMfaMethods: boolean;
  mfaForced: boolean;
}

function candidateQuery(db: Db) {
  return db
    .selectFrom('users')
    .select([
      'users.id',
      'users.password_hash as passwordHash',
      'users.locked_at as lockedAt',
      'users.closes_at as closesAt',
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
}

/** The account of an edition that owns an e-mail address or a phone number, as a query. */
export function candidateByUsername(db: Db, kind: Username['kind'], edition: string, value: string) {
  return kind === 'email'
    ? candidateQuery(db)
        .innerJoin('user_emails', 'user_emails.user_id', 'users.id')
        .where('user_emails.edition', '=', edition)
        .where('user_emails.address', '=', value)
    : candidateQuery(db)
        .innerJoin('user_phones', 'user_phones.user_id', 'users.id')
        .where('user_phones.edition', '=', edition)
        .where('user_phones.number', '=', value);
}

// Built and compiled once, prepared on PostgreSQL. The password login finds the account in its
// counter statement when counters live in the database (login.throttle.ts); this is for the others.
const byEmail = compiledOnce(
  'login.userByEmail',
  (db: Db, edition: string, address: string) => candidateByUsername(db, 'email', edition, address),
  ['\u0000edition', '\u0000address'],
);
const byPhone = compiledOnce(
  'login.userByPhone',
  (db: Db, edition: string, number: string) => candidateByUsername(db, 'phone', edition, number),
  ['\u0000edition', '\u0000number'],
);

/** The account of an edition that owns an e-mail or phone, with what login needs. */
export async function findUserByUsername(db: Db, edition: string, username: Username) {
  const find = username.kind === 'email' ? byEmail : byPhone;
  return (await find(db, edition, username.value)) as LoginCandidate | undefined;
}
