import { sql } from 'kysely';
import { userIdsByCard } from '../account/cards';
import { userIdsByNationalNumber } from '../account/users';
import type { Db } from '../db/database';
import type { SecretBox } from '../security/secret-box';

// Account search for the support desk (decision 0076): exact matches through the unique indexes
// (e-mail, phone) and the blind indexes (card, national register number), and name prefixes
// through the folded-name indexes of 0026_administration, one page at a time by keyset.

export interface AccountHitRow {
  id: number;
  edition: string;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  phone: string | null;
  locked: boolean;
  createdAt: Date;
  /** The keyset position of a name hit (the folded name its prefix matched); null for exact matches. */
  searchName: string | null;
}

/** Hits by id, with their primary e-mail and phone, in the editions asked for. */
async function hitsByIds(
  db: Db,
  ids: readonly number[],
  editions: readonly string[],
): Promise<AccountHitRow[]> {
  if (!ids.length) return [];
  const rows = await hitQuery(db, editions)
    .where('users.id', 'in', [...ids])
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({ ...row, locked: Boolean(row.locked) }));
}

function hitQuery(db: Db, editions: readonly string[]) {
  return db
    .selectFrom('users')
    .leftJoin('user_emails', (join) =>
      join.onRef('user_emails.user_id', '=', 'users.id').on('user_emails.is_default', '=', true),
    )
    .leftJoin('user_phones', (join) =>
      join.onRef('user_phones.user_id', '=', 'users.id').on('user_phones.is_default', '=', true),
    )
    .select((eb) => [
      'users.id',
      'users.edition',
      'users.firstname',
      'users.lastname',
      'user_emails.address as email',
      'user_phones.number as phone',
      eb('users.locked_at', 'is not', null).as('locked'),
      'users.created_at as createdAt',
      'users.search_name as searchName',
    ])
    .where('users.edition', 'in', [...editions]);
}

/** An e-mail address, exactly (any of the account's addresses, lower-cased as stored). */
export async function accountsByEmail(db: Db, editions: readonly string[], email: string) {
  const rows = await db
    .selectFrom('user_emails')
    .select('user_id')
    .where('edition', 'in', [...editions])
    .where('address', '=', email.toLowerCase())
    .execute();
  return hitsByIds(
    db,
    rows.map((row) => row.user_id),
    editions,
  );
}

/** A phone number in E.164 per edition (each edition reads a local number its own way). */
export async function accountsByPhone(db: Db, numbers: readonly { edition: string; e164: string }[]) {
  const ids: number[] = [];
  for (const { edition, e164 } of numbers) {
    const rows = await db
      .selectFrom('user_phones')
      .select('user_id')
      .where('edition', '=', edition)
      .where('number', '=', e164)
      .execute();
    ids.push(...rows.map((row) => row.user_id));
  }
  return hitsByIds(db, [...new Set(ids)], [...new Set(numbers.map((n) => n.edition))]);
}

/** A card number, through its blind index: the card's holder account. */
export async function accountsByCard(db: Db, secrets: SecretBox, editions: readonly string[], pan: string) {
  const ids = (await Promise.all(editions.map((edition) => userIdsByCard(db, secrets, edition, pan)))).flat();
  return hitsByIds(db, [...new Set(ids)], editions);
}

/** A national register number, through its blind index, on the account or a card of theirs. */
export async function accountsByNationalNumber(
  db: Db,
  secrets: SecretBox,
  numbers: readonly { edition: string; digits: string }[],
) {
  const ids = (
    await Promise.all(
      numbers.map(({ edition, digits }) => userIdsByNationalNumber(db, secrets, edition, digits)),
    )
  ).flat();
  return hitsByIds(db, [...new Set(ids)], [...new Set(numbers.map((n) => n.edition))]);
}

/** LIKE's own characters in a typed prefix are matched as themselves. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Names starting with a prefix, accent- and case-insensitive, "lastname firstname" or "firstname
 * lastname": each hit is ordered by the folded name its prefix matched (the smaller one when both
 * match), then id, `limit` after the cursor. Each arm walks its own index (users_search_name,
 * users_search_name_first) in its own order and stops at `limit`, so a common prefix costs the same
 * at a million accounts as at ten thousand; a hit belongs to one arm only, so pages never repeat it.
 */
export async function accountsByName(
  db: Db,
  editions: readonly string[],
  prefix: string,
  limit: number,
  after: { name: string; id: number } | undefined,
): Promise<AccountHitRow[]> {
  const pattern = sql`fold_name(${likePrefix(prefix)})`;
  const inEditions = sql`edition IN (${sql.join([...editions])})`;
  const matching = await sql<{ id: number; sort_key: string }>`
    SELECT id, sort_key FROM (
      (SELECT id, search_name AS sort_key FROM users
        WHERE search_name LIKE ${pattern} AND ${inEditions}
          AND NOT coalesce(search_name_first LIKE ${pattern} AND search_name_first < search_name, false)
          ${after ? sql`AND (search_name, id) > (${after.name}, ${after.id})` : sql``}
        ORDER BY search_name, id LIMIT ${limit})
      UNION ALL
      (SELECT id, search_name_first AS sort_key FROM users
        WHERE search_name_first LIKE ${pattern} AND ${inEditions}
          AND NOT coalesce(search_name LIKE ${pattern} AND search_name <= search_name_first, false)
          ${after ? sql`AND (search_name_first, id) > (${after.name}, ${after.id})` : sql``}
        ORDER BY search_name_first, id LIMIT ${limit})
    ) AS hits
    ORDER BY sort_key, id LIMIT ${limit}`.execute(db);
  const rows = await hitsByIds(
    db,
    matching.rows.map((row) => row.id),
    editions,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return matching.rows.flatMap(({ id, sort_key }) => {
    const row = byId.get(id);
    return row ? [{ ...row, searchName: sort_key }] : [];
  });
}
