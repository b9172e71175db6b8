import type { Username } from '@vestibule/contract/username';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { candidateByUsername, findUserByUsername, type LoginCandidate } from '../../account/users';
import { compiledOnce } from '../../db/compiled-query';
import type { Db } from '../../db/database';
import { enforceLimits, refuseOverLimit } from '../../http/enforce-limit';
import { keyedCounterUpsert, type RateLimitHit, type RateLimitRule } from '../../security/rate-limit';
import { LOGIN_PER_USERNAME, loginPerIp } from './login.rate-limits';

const ACCOUNT_SUBJECT = 'account:';

/**
 * A known account's attempts count together whichever of its e-mails or phones is typed; an
 * unknown name has a counter of its own (normalised), so the limit tells nothing about it.
 */
export function loginLimitSubject(edition: string, userId: number | undefined, name: string): string {
  return userId === undefined ? `${edition}:${name.trim().toLowerCase()}` : `${ACCOUNT_SUBJECT}${userId}`;
}

interface AccountAndCounters extends Partial<LoginCandidate> {
  ipCount: number;
  ipRetryAfter: number;
  accountCount: number | null;
  accountRetryAfter: number | null;
}

/**
 * The account lookup and both counters in one statement (decision 0063): the address's
 * counter, then the account's — keyed by the account the statement finds, or by the typed name —
 * counted only when the address is within its limit, exactly as the lookup followed by
 * `enforceLimits` counted them. Built and compiled once per database and kind of name, prepared
 * on PostgreSQL.
 */
function accountAndCounters(kind: Username['kind']) {
  return compiledOnce(
    `login.accountAndCounters.${kind}`,
    (
      db: Db,
      edition: string,
      value: string,
      ipKey: string,
      ipLimit: number,
      accountKeyPrefix: string,
      unknownKey: string,
    ) => {
      const ip = keyedCounterUpsert(ipKey, LOGIN_WINDOW_SECONDS, sql`true`);
      const accountKey = sql<string>`coalesce((SELECT ${accountKeyPrefix} || id FROM account), ${unknownKey})`;
      const account = keyedCounterUpsert(
        accountKey,
        LOGIN_PER_USERNAME.windowSeconds,
        sql`(SELECT count FROM ip_counter) <= ${ipLimit}`,
      );
      const statement = sql<AccountAndCounters>`
        WITH account AS (${candidateByUsername(db, kind, edition, value)}),
        ip_counter AS (${ip}),
        account_counter AS (${account})
        SELECT account.*,
          ip_counter.count AS "ipCount", ip_counter.retry_after AS "ipRetryAfter",
          account_counter.count AS "accountCount", account_counter.retry_after AS "accountRetryAfter"
        FROM ip_counter
        LEFT JOIN account_counter ON true
        LEFT JOIN account ON true`;
      return { compile: () => statement.compile(db) };
    },
    ['\u0000edition', '\u0000value', '\u0000ipKey', -0.5, '\u0000prefix', '\u0000unknownKey'],
  );
}

/** Both login windows are the same length (login.rate-limits.ts): one constant in the statement. */
const LOGIN_WINDOW_SECONDS = loginPerIp(0).windowSeconds;
const byEmail = accountAndCounters('email');
const byPhone = accountAndCounters('phone');

/**
 * The account a password login tries, after counting the attempt against the client's address and
 * the account (known or not): 429 when either is over its limit, before any hash. One statement
 * when the counters live in the database; with Redis, the lookup and then the counters.
 */
export async function throttledLoginCandidate(
  request: FastifyRequest,
  typed: string,
  username: Username | undefined,
): Promise<{ user: LoginCandidate | undefined; limitSubject: string }> {
  const { db, config, rateLimiter } = request.server.ctx;
  const edition = request.edition.id;
  const ipRule: RateLimitRule = loginPerIp(config.loginPerIpLimit);
  const name = username?.value ?? typed;
  const hits = (subject: string): RateLimitHit[] => [
    { rule: ipRule, subject: request.ip },
    { rule: LOGIN_PER_USERNAME, subject },
  ];
  if (!username || !rateLimiter.databaseKey) {
    const user = username ? await findUserByUsername(db, edition, username) : undefined;
    const limitSubject = loginLimitSubject(edition, user?.id, name);
    await enforceLimits(request, hits(limitSubject));
    return { user, limitSubject };
  }
  const key = rateLimiter.databaseKey;
  const row = (await (username.kind === 'email' ? byEmail : byPhone)(
    db,
    edition,
    username.value,
    key(ipRule, request.ip),
    ipRule.limit,
    // The account's key is this prefix and its id (as loginLimitSubject and databaseKey make it).
    key(LOGIN_PER_USERNAME, ACCOUNT_SUBJECT),
    key(LOGIN_PER_USERNAME, loginLimitSubject(edition, undefined, name)),
  ))!;
  const user = row.id === null || row.id === undefined ? undefined : (row as LoginCandidate);
  const limitSubject = loginLimitSubject(edition, user?.id, name);
  refuseOverLimit(hits(limitSubject), [
    { allowed: row.ipCount <= ipRule.limit, retryAfterSeconds: row.ipRetryAfter },
    ...(row.accountCount === null
      ? []
      : [
          {
            allowed: row.accountCount <= LOGIN_PER_USERNAME.limit,
            retryAfterSeconds: row.accountRetryAfter!,
          },
        ]),
  ]);
  return { user, limitSubject };
}
