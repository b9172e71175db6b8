import type { User } from '@vestibule/contract/schemas/user';
import type { ExpressionBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { compiledOnce } from '../../db/compiled-query';
import type { Db } from '../../db/database';
import type { DB } from '../../db/schema';
import { openIdentifier } from '../../security/sealed-identifiers';
import type { SecretBox } from '../../security/secret-box';
import {
  asLiveSession,
  type LiveSession,
  liveSessionBounds,
  liveSessionQuery,
  type SessionLifetime,
} from '../../security/session.queries';

/** The user's e-mails and phones as JSON arrays beside its row, primary first. */
function contactColumns(eb: ExpressionBuilder<DB, 'users'>) {
  return [
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
  ] as const;
}

/** The users columns the User of SPEC §3 shows (beside the id). */
const USER_COLUMNS = [
  'users.iban',
  'users.country',
  'users.fridom_user_id',
  'users.user_id',
  'users.customer_user_id',
  'users.firstname',
  'users.lastname',
  'users.gender',
  'users.birthdate',
  'users.language',
  'users.password_status',
  'users.last_password_change',
  'users.mfa_forced',
  'users.mfa_customer',
] as const;

interface UserRow {
  id: number;
  emails: { id: number; address: string; is_default: boolean; verified: boolean | null }[];
  phones: { id: number; number: string; is_default: boolean; verified: boolean | null }[];
  iban: string | null;
  country: string | null;
  fridom_user_id: string | null;
  user_id: string | null;
  customer_user_id: string | null;
  firstname: string | null;
  lastname: string | null;
  gender: User['gender'];
  birthdate: string | null;
  language: string;
  password_status: number;
  last_password_change: Date | null;
  mfa_forced: boolean;
  mfa_customer: boolean;
}

/** The User of SPEC §3 from its row and contact arrays; the IBAN still sealed (see `openUser`). */
function toUser(user: UserRow): User {
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

/**
 * The User of SPEC §3 for GET /api/user: contacts sorted primary first. One query: the
 * e-mails and phones come as JSON arrays beside the user row, one round trip instead of two.
 */
/** The User with its IBAN opened: the account holder sees it (the SPA shows it masked). */
export function openUser(secrets: SecretBox, user: User): User {
  return { ...user, iban: openIdentifier(secrets, user.iban) };
}

export async function loadUser(db: Db, secrets: SecretBox, userId: number): Promise<User | undefined> {
  const user = await db
    .selectFrom('users')
    .select('users.id')
    .select(USER_COLUMNS)
    .select(contactColumns)
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return user && openUser(secrets, toUser(user as UserRow));
}

/**
 * The session, the user and its contacts in one statement, built and compiled once: a prepared
 * statement on PostgreSQL (db/compiled-query.ts).
 */
const sessionWithUserQuery = compiledOnce(
  'profile.sessionWithUser',
  (db: Db, tokenHash: string, createdAfter: Date, seenAfter: Date) =>
    liveSessionQuery(db, { tokenHash, createdAfter, seenAfter }).select(USER_COLUMNS).select(contactColumns),
  ['\u0000token-hash', new Date(0), new Date(1)],
);

/**
 * The live session of a bearer token with its User (GET /api/user, decision 0057): the session,
 * the user and its contacts in one statement, where authenticating and then `loadUser` took two.
 * The IBAN comes sealed: the route opens it with `openUser`.
 */
export async function findSessionWithUser(
  db: Db,
  token: string,
  lifetime: SessionLifetime,
): Promise<(LiveSession & { user: User }) | undefined> {
  const bounds = liveSessionBounds(token, lifetime);
  const row = await sessionWithUserQuery(db, bounds.tokenHash, bounds.createdAfter, bounds.seenAfter);
  if (!row) return undefined;
  const session = asLiveSession(row);
  return { ...session, user: toUser({ ...(row as unknown as UserRow), id: row.userId }) };
}
