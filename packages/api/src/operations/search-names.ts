import { sql } from 'kysely';
import type { Db } from '../db/database';

const BATCH = 1_000;

/**
 * Fills the folded names of accounts written before 0026_administration, a batch at a time so no
 * statement holds many row locks: the trigger computes them when a row's names are written again.
 * Answers how many rows it filled; a second run finds none.
 */
export async function fillSearchNames(db: Db): Promise<number> {
  let filled = 0;
  for (;;) {
    const result = await sql`
      UPDATE users SET firstname = firstname
      WHERE id IN (SELECT id FROM users WHERE search_name IS NULL LIMIT ${BATCH})`.execute(db);
    const count = Number(result.numAffectedRows ?? 0n);
    filled += count;
    if (count < BATCH) return filled;
  }
}
