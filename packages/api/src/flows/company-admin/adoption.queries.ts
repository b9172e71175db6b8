import { ADOPTION_DAYS, type AdoptionPoint, type MFA_KINDS } from '@vestibule/contract/schemas/company-admin';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { CompanyScope } from './scope';

type Series = 'members' | 'with_mfa' | (typeof MFA_KINDS)[number];

/**
 * MFA adoption of a company, day by day (decision 0077): a member counts from the day the account
 * was opened; with MFA from the day of its first method still enrolled (verification code, app or
 * passkey); per kind likewise. Aggregated in the database over the company's members only (index
 * users_company, then mfa_methods_user and passkeys_user): the answer is a few rows a day whatever
 * the number of accounts, and its cost grows with the company, not with the portal.
 */
export async function adoption(db: Db, scope: CompanyScope, days = ADOPTION_DAYS, now = new Date()) {
  const { rows } = await sql<{ day: string; series: Series; count: string }>`
    WITH members AS (
      SELECT id, created_at FROM users WHERE company_id = ${scope.companyId} AND edition = ${scope.edition}
    ), methods AS (
      SELECT mfa_methods.user_id, mfa_methods.method::text AS kind, mfa_methods.created_at
        FROM members JOIN mfa_methods ON mfa_methods.user_id = members.id
      UNION ALL
      SELECT passkeys.user_id, 'passkey', passkeys.created_at
        FROM members JOIN passkeys ON passkeys.user_id = members.id
    ), firsts AS (
      SELECT 'members' AS series, created_at AS at FROM members
      UNION ALL SELECT 'with_mfa', min(created_at) FROM methods GROUP BY user_id
      UNION ALL SELECT kind, min(created_at) FROM methods GROUP BY user_id, kind
    )
    SELECT to_char(date_trunc('day', at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, series, count(*) AS count
      FROM firsts GROUP BY 1, 2`.execute(db);
  return adoptionSeries(rows, days, now);
}

/** Cumulates per-day counts into one point per day of the window, ending today (UTC). */
export function adoptionSeries(
  rows: readonly { day: string; series: Series; count: string | number }[],
  days: number,
  now: Date,
) {
  const dayOf = (offset: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - offset))
      .toISOString()
      .slice(0, 10);
  const window = Array.from({ length: days }, (_, i) => dayOf(days - 1 - i));
  const first = window[0] as string;
  const totals: Record<Series, number> = { members: 0, with_mfa: 0, sms: 0, email: 0, totp: 0, passkey: 0 };
  // What happened before the window is where the window starts.
  for (const row of rows) if (row.day < first) totals[row.series] += Number(row.count);
  const series: AdoptionPoint[] = window.map((day) => {
    for (const row of rows) if (row.day === day) totals[row.series] += Number(row.count);
    return { day, ...totals };
  });
  const today = series.at(-1) as AdoptionPoint;
  return { members: today.members, with_mfa: today.with_mfa, series };
}
