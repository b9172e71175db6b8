import type { Db } from '../db/database';
import type { SecretBox } from '../security/secret-box';

// The cards of the registry (SPEC §5 onboarding): numbers sealed, found by blind index.

/** Users of an edition linked to a card number (the card's holder account), found by blind index. */
export async function userIdsByCard(
  db: Db,
  secrets: SecretBox,
  edition: string,
  number: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('cards')
    .select('user_id')
    .where('edition', '=', edition)
    .where('number_index', 'in', secrets.blindIndexes('pan', number))
    .where('user_id', 'is not', null)
    .execute();
  return rows.map((row) => row.user_id as number);
}
