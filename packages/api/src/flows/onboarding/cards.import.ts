import type { Db } from '../../db/database';
import { sealedCardNumber, sealedHolderNrn } from '../../security/sealed-identifiers';
import type { SecretBox } from '../../security/secret-box';
import { hashToken } from '../../security/tokens';
import type { CardRow, RowError } from './cards.csv';
import { companyId } from './registry';

// The one way cards enter the registry: the CLI (`cards import`) and the admin API's card import
// both check a parsed file against the registry and insert it here, all of it or nothing.

/** Cards already issued, and activation codes already given, refused like any other bad row. */
export async function registryConflicts(
  db: Db,
  secrets: SecretBox,
  rows: readonly CardRow[],
): Promise<RowError[]> {
  if (!rows.length) return [];
  // Numbers are found by blind index: the registry never holds them in clear.
  const indexesOf = (number: string) => secrets.blindIndexes('pan', number);
  const existing = await db
    .selectFrom('cards')
    .select(['edition', 'number_index', 'activation_code_hash'])
    .where((eb) =>
      eb.or([
        eb(
          'number_index',
          'in',
          rows.flatMap((row) => indexesOf(row.number)),
        ),
        eb(
          'activation_code_hash',
          'in',
          rows.flatMap((row) => (row.activationCode ? [hashToken(row.activationCode)] : ['-'])),
        ),
      ]),
    )
    .execute();
  const errors: RowError[] = [];
  for (const row of rows) {
    const indexes = indexesOf(row.number);
    if (existing.some((card) => card.edition === row.edition && indexes.includes(card.number_index ?? '')))
      errors.push({
        line: row.line,
        field: 'number',
        code: 'already_registered',
        message: `card …${row.number.slice(-4)} is already in the registry`,
      });
    else if (
      row.activationCode &&
      existing.some((card) => card.activation_code_hash === hashToken(row.activationCode as string))
    )
      errors.push({
        line: row.line,
        field: 'activation_code',
        code: 'activation_code_registered',
        message: 'activation code is already in the registry',
      });
  }
  return errors;
}

/** Inserts checked rows in the caller's transaction; the caller writes the audit row (a count). */
export async function insertCards(trx: Db, secrets: SecretBox, rows: readonly CardRow[]): Promise<number> {
  for (const row of rows)
    await trx
      .insertInto('cards')
      .values({
        edition: row.edition,
        ...sealedCardNumber(secrets, row.number),
        activation_code_hash: row.activationCode ? hashToken(row.activationCode) : null,
        company_id: await companyId(trx, row.edition, row.company),
        holder_firstname: row.firstname,
        holder_lastname: row.lastname,
        holder_birthdate: row.birthdate,
        ...sealedHolderNrn(secrets, row.nationalRegisterNumber),
        status: row.status,
        user_id: null,
      })
      .execute();
  return rows.length;
}

/** How many rows each edition has: the audit's count, one row per edition. */
export function countsByEdition(rows: readonly CardRow[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.edition, (counts.get(row.edition) ?? 0) + 1);
  return counts;
}

/** The CLI's report: one line per bad row, its problems joined, in file order. */
export function errorLines(errors: readonly RowError[]): string[] {
  const byLine = new Map<number, string[]>();
  for (const error of [...errors].sort((a, b) => a.line - b.line)) {
    const messages = byLine.get(error.line) ?? [];
    // The header's missing and unknown columns share one sentence.
    if (!messages.includes(error.message)) messages.push(error.message);
    byLine.set(error.line, messages);
  }
  return [...byLine].map(([line, messages]) => `line ${line}: ${messages.join('; ')}`);
}
