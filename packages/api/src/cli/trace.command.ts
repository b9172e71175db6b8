import { parseCardNumber } from '@vestibule/contract/card-number';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { KeyringCommand } from '../operations/command-line';
import type { SecretBox } from '../security/secret-box';

export const TRACE_USAGE = `  privacy trace VALUE                                 where a value (e-mail, phone, name, card number) is held:
                                                      every text column of every table (slow on a large database)
`;

/** Every text-like column of every table of the schema. */
async function textColumns(db: Db) {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      AND c.data_type IN ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY')
    ORDER BY 1, 2`.execute(db);
  return rows;
}

/**
 * Where a value is held, as `table.column (rows)`: a case-insensitive search of every text, JSON and
 * array column of every table, so that an erasure can be shown complete (decision 0079). Sealed
 * values cannot be searched as text: a card number is also looked up by its blind index.
 */
export async function traceValue(db: Db, secrets: SecretBox, value: string): Promise<string[]> {
  const found: string[] = [];
  for (const { table_name, column_name } of await textColumns(db)) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.table(table_name)}
      WHERE position(lower(${value}) IN lower(${sql.ref(column_name)}::text)) > 0`.execute(db);
    const count = rows[0]?.n ?? 0;
    if (count > 0) found.push(`${table_name}.${column_name} (${count})`);
  }
  const card = parseCardNumber(value);
  if (card) {
    const cards = await db
      .selectFrom('cards')
      .select('user_id')
      .where('number_index', 'in', secrets.blindIndexes('pan', card))
      .execute();
    for (const row of cards)
      found.push(
        row.user_id === null
          ? 'cards.number (sealed; the issuer’s card, linked to no account)'
          : `cards.number (sealed; linked to account ${row.user_id})`,
      );
  }
  return found;
}

/** `privacy trace VALUE`. */
export const runTraceCommand: KeyringCommand = async (db, argv, write, secrets) => {
  const [command, action, value] = argv;
  if (command !== 'privacy') return undefined;
  if (action !== 'trace' || !value?.trim()) {
    write(`Usage:\n${TRACE_USAGE}`);
    return 2;
  }
  const found = await traceValue(db, secrets, value.trim());
  write(found.length ? `Found in:\n${found.map((place) => `  ${place}`).join('\n')}` : 'Found nowhere.');
  return 0;
};
