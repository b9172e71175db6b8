import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { consumeInOrder, databaseRateLimiter, type RateLimiter } from '../../src/security/rate-limit';
import { sharedTestApp } from '../support/test-app';

/**
 * Several counters in one statement (decision 0057): the login counts the client's
 * address and the account tried in one round trip. It must count exactly as `consume` one after
 * the other, stopping at the first refusal.
 */

const test = sharedTestApp();
let limiter: RateLimiter;
beforeAll(async () => {
  limiter = databaseRateLimiter(test.database.db);
});

const rule = (limit: number) => ({ name: `chain-${randomUUID()}`, limit, windowSeconds: 60 });

async function countOf(name: string, subject: string) {
  const row = await test.database.db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', `${name}:${subject}`)
    .executeTakeFirst();
  return row?.count ?? 0;
}

describe('counters counted in order in one statement', () => {
  it('counts both while the first allows, and refuses on the second once it is over', async () => {
    const first = rule(10);
    const second = rule(2);
    const hits = [
      { rule: first, subject: 'ip' },
      { rule: second, subject: 'account' },
    ];
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await limiter.consumeInOrder!(hits));
    expect(answers.map((results) => results.map((r) => r.allowed))).toEqual([
      [true, true],
      [true, true],
      [true, false],
    ]);
    expect(answers[2]![1]!.retryAfterSeconds).toBeGreaterThan(55);
    expect(await countOf(first.name, 'ip')).toBe(3);
    expect(await countOf(second.name, 'account')).toBe(3);
  });

  it('does not count the counters after a refused one', async () => {
    const first = rule(1);
    const second = rule(10);
    const hits = [
      { rule: first, subject: 'ip' },
      { rule: second, subject: 'account' },
    ];
    expect((await limiter.consumeInOrder!(hits)).map((r) => r.allowed)).toEqual([true, true]);
    const refused = await limiter.consumeInOrder!(hits);
    expect(refused.map((r) => r.allowed)).toEqual([false]);
    expect(refused[0]!.retryAfterSeconds).toBeGreaterThan(55);
    expect(await countOf(first.name, 'ip')).toBe(2);
    expect(await countOf(second.name, 'account')).toBe(1);
  });

  it('answers as consume one at a time does, for a limiter without the one-statement form', async () => {
    const sequential: RateLimiter = { consume: limiter.consume, reset: limiter.reset };
    const first = rule(1);
    const second = rule(10);
    const hits = [
      { rule: first, subject: 'ip' },
      { rule: second, subject: 'account' },
    ];
    expect((await consumeInOrder(sequential, hits)).map((r) => r.allowed)).toEqual([true, true]);
    expect((await consumeInOrder(sequential, hits)).map((r) => r.allowed)).toEqual([false]);
    expect(await countOf(second.name, 'account')).toBe(1);
  });

  it('starts a window again once it has passed', async () => {
    const first = { ...rule(1), windowSeconds: 1 };
    const hits = [{ rule: first, subject: 'ip' }];
    expect((await limiter.consumeInOrder!(hits))[0]!.allowed).toBe(true);
    expect((await limiter.consumeInOrder!(hits))[0]!.allowed).toBe(false);
    await test.database.db
      .updateTable('rate_limits')
      .set({ reset_at: new Date(Date.now() - 1000) })
      .where('key', '=', `${first.name}:ip`)
      .execute();
    expect((await limiter.consumeInOrder!(hits))[0]!.allowed).toBe(true);
  });
});

describe('the counters table', () => {
  it('is unlogged: its writes need no WAL (migration 0018, decision 0063)', async () => {
    const { rows } = await sql<{ relpersistence: string }>`
      SELECT relpersistence FROM pg_class
      WHERE oid = to_regclass('rate_limits')`.execute(test.database.db);
    expect(rows).toEqual([{ relpersistence: 'u' }]);
  });
});
