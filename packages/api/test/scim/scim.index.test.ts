import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import SCIMMY from 'scimmy';
import { beforeAll, describe, expect, it } from 'vitest';
import { filterCondition } from '../../src/flows/scim/filter';
import { scimUserPageQuery } from '../../src/flows/scim/users.queries';
import { sharedTestApp } from '../support/test-app';
import { scimCompany } from './helpers';

// The filters an HR system sends at every sync (userName and emails.value, eq and sw) are answered
// by the indexes of migration 0028, never by reading the table: the plan is checked with
// sequential scans priced out, so a plan that still scans has no index to use.

const test = sharedTestApp();
let companyId: number;
beforeAll(async () => {
  companyId = (await scimCompany(test.database.db)).id;
  // A company of some size, so that the planner weighs the indexes by their selectivity.
  await test.database.db
    .insertInto('scim_users')
    .values(
      Array.from({ length: 400 }, (_, i) => ({
        id: randomUUID(),
        company_id: companyId,
        edition: 'general',
        user_name: `person-${i}@corp.test`,
        external_id: `E-${i}`,
        email: `mail-${i}@corp.test`,
      })),
    )
    .execute();
  await sql`ANALYZE scim_users`.execute(test.database.db);
});

async function planOf(expression: string, companyId: number): Promise<string> {
  const condition = filterCondition(new SCIMMY.Types.Filter(expression));
  return test.database.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const compiled = scimUserPageQuery(trx, companyId, condition, 0, 100).compile();
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
    );
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('SCIM filters use an index', () => {
  it.each([
    ['userName eq "person-7@corp.test"', 'scim_users_user_name'],
    ['userName sw "person-1"', 'scim_users_user_name'],
    ['emails.value eq "mail-7@corp.test"', 'scim_users_email'],
    ['emails[value sw "mail-1"]', 'scim_users_email'],
    ['externalId eq "E-1"', 'scim_users_external_id'],
  ])('%s reads %s', async (expression, index) => {
    const plan = await planOf(expression, companyId);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/Seq Scan on scim_users/);
  });
});
