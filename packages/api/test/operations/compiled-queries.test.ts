import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COMPILED_QUERIES, unmarked } from '../../src/db/compiled-query';
// The modules that compile their hot statements once (each registers them as it loads).
import '../../src/flows/login/login.throttle';
import '../../src/account/users';
import '../../src/flows/oauth/refresh-batch';
import '../../src/account/users';
import '../../src/security/session.queries';
import { testDatabase } from '../support/test-app';

// A statement compiled once is bound to new values at each call (db/compiled-query.ts): it must
// be exactly the statement Kysely would build for those values, or the shortcut answers something
// else than the plain query it replaced.

/** Other values of the same kinds as a statement's placeholders. */
function valuesLike(placeholders: readonly unknown[]): unknown[] {
  return placeholders.map((placeholder) => {
    if (placeholder instanceof Date) return new Date(Date.UTC(2026, randomInt(12), 1 + randomInt(28)));
    if (typeof placeholder === 'number') return randomInt(1, 1000);
    return `value-${randomUUID()}`;
  });
}

const PRODUCT_QUERIES = [
  'login.accountAndCounters.email',
  'login.accountAndCounters.phone',
  'login.userByEmail',
  'login.userByPhone',
  'oauth.refreshRead',
  'profile.sessionWithUser',
  'session.live',
];

describe('statements compiled once', () => {
  it('are listed in one place', () => {
    const names = [...COMPILED_QUERIES.keys()].filter((name) => !name.startsWith('test.'));
    expect(names.sort()).toEqual(PRODUCT_QUERIES);
  });

  it.each(PRODUCT_QUERIES)('%s binds other values into exactly the plain statement', async (name) => {
    const { db } = await testDatabase();
    const entry = COMPILED_QUERIES.get(name)!;
    for (let round = 0; round < 3; round += 1) {
      const values = valuesLike(entry.placeholders);
      const bound = entry.bound(db, values);
      const plain = entry.plain(db, values);
      expect(unmarked(bound.sql)).toBe(plain.sql);
      expect(bound.parameters).toEqual(plain.parameters);
    }
  });
});
