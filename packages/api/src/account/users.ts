import type { User } from '@vestibule/contract/schemas/user';
import type { Username } from '@vestibule/contract/username';
import type { ExpressionBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { compiledOnce } from '../db/compiled-query';
import type { Db } from '../db/database';
import type { DB } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { AuthContext } from '../http/authenticate';
import { openIdentifier } from '../security/sealed-identifiers';
import type { SecretBox } from '../security/secret-box';
import {
  asLiveSession,
  type LiveSession,
  liveSessionBounds,
  liveSessionQuery,
  type SessionLifetime,
} from '../security/session.queries';

// The users of the account model: the profile (the User of SPEC §3), the summary the flows check
// (lock, closure, language), and the lookups by username, card holder and national number.
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

/** The User with its IBAN opened: the account holder sees it (the SPA shows it masked). */
export function openUser(secrets: SecretBox, user: User): User {
  return { ...user, iban: openIdentifier(secrets, user.iban) };
}

/**
 * The User of SPEC §3 for GET /api/user: contacts sorted primary first. One query: the
 * e-mails and phones come as JSON arrays beside the user row, one round trip instead of two.
 */
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

/** The User of a signed-in account, as a profile answer shows it; 401 unauthorized when it is gone. */
export async function requireProfile(db: Db, secrets: SecretBox, userId: number): Promise<User> {
  const user = await loadUser(db, secrets, userId);
  if (!user) throw new ApiError('unauthorized');
  return user;
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

/** What the flows check of a user before a change or a code: lock, closure, language, names. */
export async function loadChallengeUser(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'edition',
      'language',
      'password_status',
      'locked_at',
      'closes_at',
      'firstname',
      'lastname',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export type ChallengeUser = NonNullable<Awaited<ReturnType<typeof loadChallengeUser>>>;

/** The signed-in user's summary; 401 unauthorized when the account is gone. */
export async function requireUser(db: Db, auth: AuthContext): Promise<ChallengeUser> {
  const user = await loadChallengeUser(db, auth.userId);
  if (!user) throw new ApiError('unauthorized');
  return user;
}

/** What recovery needs of an account. */
export interface RecoveryAccount {
  id: number;
  edition: string;
  language: string;
  firstname: string | null;
  lastname: string | null;
}

/**
 * The account of an edition whose *verified* e-mail or phone this is. An unverified contact never
 * receives a reset code: it may belong to someone else.
 */
export async function findAccountByVerifiedUsername(
  db: Db,
  edition: string,
  username: Username,
): Promise<RecoveryAccount | undefined> {
  const base = db
    .selectFrom('users')
    .select(['users.id', 'users.edition', 'users.language', 'users.firstname', 'users.lastname']);
  const query =
    username.kind === 'email'
      ? base
          .innerJoin('user_emails', 'user_emails.user_id', 'users.id')
          .where('user_emails.edition', '=', edition)
          .where('user_emails.address', '=', username.value)
          .where('user_emails.verified_at', 'is not', null)
      : base
          .innerJoin('user_phones', 'user_phones.user_id', 'users.id')
          .where('user_phones.edition', '=', edition)
          .where('user_phones.number', '=', username.value)
          .where('user_phones.verified_at', 'is not', null);
  return query.executeTakeFirst();
}

export async function findRecoveryAccount(db: Db, userId: number): Promise<RecoveryAccount | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'edition', 'language', 'firstname', 'lastname'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Users of an edition with this national register number, on their account or on a card of theirs. */
export async function userIdsByNationalNumber(
  db: Db,
  secrets: SecretBox,
  edition: string,
  nrn: string,
): Promise<number[]> {
  const indexes = secrets.blindIndexes('nrn', nrn);
  const own = await db
    .selectFrom('users')
    .select('id')
    .where('edition', '=', edition)
    .where('national_register_number_index', 'in', indexes)
    .execute();
  const holders = await db
    .selectFrom('cards')
    .select('user_id')
    .where('edition', '=', edition)
    .where('holder_nrn_index', 'in', indexes)
    .where('user_id', 'is not', null)
    .execute();
  return [...new Set([...own.map((row) => row.id), ...holders.map((row) => row.user_id as number)])].sort(
    (a, b) => a - b,
  );
}

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
// counter statement when counters live in the database (flows/login/login.throttle.ts); this is
// for the others.
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
