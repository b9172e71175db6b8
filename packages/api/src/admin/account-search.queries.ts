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
  /** The keyset position of a name hit (its folded name); null for exact matches. */
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
 * lastname": ordered by the folded "lastname firstname" and id, `limit` after the cursor. Each arm
 * walks its own index (users_search_name, users_search_name_first) in order and stops at `limit`.
 */
export async function accountsByName(
  db: Db,
  editions: readonly string[],
  prefix: string,
  limit: number,
  after: { name: string; id: number } | undefined,
): Promise<AccountHitRow[]> {
  const pattern = likePrefix(prefix);
  const matching = await sql<{ id: number; search_name: string }>`
    SELECT id, search_name FROM (
      (SELECT id, search_name FROM users
        WHERE search_name LIKE fold_name(${pattern}) AND edition IN (${sql.join([...editions])})
          ${after ? sql`AND (search_name, id) > (${after.name}, ${after.id})` : sql``}
        ORDER BY search_name, id LIMIT ${limit})
      UNION
      (SELECT id, search_name FROM users
        WHERE search_name_first LIKE fold_name(${pattern}) AND edition IN (${sql.join([...editions])})
          ${after ? sql`AND (search_name, id) > (${after.name}, ${after.id})` : sql``}
        ORDER BY search_name, id LIMIT ${limit})
    ) AS hits
    ORDER BY search_name, id LIMIT ${limit}`.execute(db);
  const ids = matching.rows.map((row) => row.id);
  const rows = await hitsByIds(db, ids, editions);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id) as AccountHitRow] : []));
}
