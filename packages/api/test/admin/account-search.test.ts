import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsByName } from '../../src/admin/account-search.queries';
import type { Db } from '../../src/db/database';
import { createAccount } from '../support/accounts';
import { testDatabase } from '../support/test-app';

// The name search's two arms (last name first, first name first) each walk their own index: a hit
// whose two folded names both start with the prefix belongs to one arm only, at its smaller name.

let db: Db;
beforeAll(async () => {
  db = (await testDatabase()).db;
});

async function named(firstname: string, lastname: string): Promise<number> {
  const account = await createAccount(db, { firstname });
  await db.updateTable('users').set({ lastname }).where('id', '=', account.id).execute();
  return account.id;
}

/** Every page of a name search, two hits a page, as the console walks them. */
async function allPages(prefix: string): Promise<{ id: number; key: string | null }[]> {
  const hits: { id: number; key: string | null }[] = [];
  let after: { name: string; id: number } | undefined;
  for (let page = 0; page < 10; page++) {
    const rows = await accountsByName(db, ['general'], prefix, 3, after);
    hits.push(...rows.slice(0, 2).map((row) => ({ id: row.id, key: row.searchName })));
    const last = rows.slice(0, 2).at(-1);
    if (rows.length <= 2 || !last?.searchName) return hits;
    after = { name: last.searchName, id: last.id };
  }
  throw new Error('more pages than accounts');
}

describe('accountsByName', () => {
  it('orders hits by the name their prefix matched and never repeats one across pages', async () => {
    const tag = `q${randomUUID().slice(0, 6)}`;
    const both = await named(`${tag}b`, `${tag}d`); // matches both ways: "…b …d" is the smaller
    const lastFirst = await named('Zoé', `${tag}a`);
    const firstFirst = await named(`${tag}c`, 'Albert');
    const alsoBoth = await named(`${tag}e`, `${tag}e`);
    const hits = await allPages(tag);
    expect(hits.map((hit) => hit.id)).toEqual([lastFirst, both, firstFirst, alsoBoth]);
    expect(hits.map((hit) => hit.key)).toEqual([
      `${tag}a zoe`,
      `${tag}b ${tag}d`,
      `${tag}c albert`,
      `${tag}e ${tag}e`,
    ]);
  });
});
