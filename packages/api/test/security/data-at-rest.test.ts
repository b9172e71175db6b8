import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/cli/commands';
import { DEMO_ONBOARDING } from '../../src/flows/onboarding/demo';
import { DEMO_ACCOUNTS } from '../../src/seed';
import { complete, randomCardNumber, randomIp, start, toPasswordStep } from '../onboarding/helpers';
import { profileSession } from '../profile/helpers';
import { sharedTestApp, TEST_SECRETS, testConfig } from '../support/test-app';

// PCI DSS req. 3.5 and the Belgian national register: what a backup of the database holds must not
// show a card number, a national register number or an IBAN.
const IBAN = 'BE68539007547034';
/** A Belgian national register number (born 1990-02-01), valid check digits. */
const IMPORTED_NRN = '90020199704';

const test = sharedTestApp({ RATE_LIMIT_RECOVERY_PER_IP: '100000' });
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vestibule-at-rest-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every row of every table of the schema as text: what a plain-format dump writes. */
async function readEveryTable(): Promise<string> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(test.database.db);
  expect(tables.rows.length).toBeGreaterThan(20);
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(name)} t`.execute(
      test.database.db,
    );
    parts.push(...rows.rows.map((row) => row.row));
  }
  return parts.join('\n');
}

/** pg_dump of the test schema, on PostgreSQL. */
async function pgDump(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  const schema = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(test.database.db);
  const result = spawnSync('pg_dump', ['--dbname', url, '--schema', schema.rows[0]?.schema as string], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`pg_dump failed: ${result.stderr}`);
  return result.stdout;
}

describe('card data at rest', () => {
  it('no dump of the database holds a PAN, national register number or IBAN in clear', async () => {
    // Lookups by every demo card and national number, as forgot-username makes them.
    const demoCards = DEMO_ACCOUNTS.flatMap((account) => (account.card ? [account] : []));
    for (const account of demoCards) {
      const host = account.edition === 'lu' ? 'lu.localhost:3000' : 'localhost:3000';
      const byCard = await test.call({
        method: 'POST',
        url: '/api/user/forgot-username',
        host,
        payload: { identifier_type: 'card', identifier: account.card },
      });
      expect(byCard.json().usernames.length, byCard.body).toBeGreaterThan(0);
    }
    // An IBAN given through the API; the account holder reads it back.
    const { token } = await profileSession(test);
    const iban = await test.call({ method: 'PUT', url: '/api/user/iban', token, payload: { iban: IBAN } });
    expect(iban.json().data.iban, iban.body).toBe(IBAN);
    // A card imported with its holder's national number, then opened by card onboarding.
    const importedCard = randomCardNumber();
    const file = join(dir, 'cards.csv');
    await writeFile(
      file,
      `edition,number,company,firstname,lastname,national_register_number\ngeneral,${importedCard},Dump Co,Ann,Peeters,${IMPORTED_NRN}\n`,
    );
    const output: string[] = [];
    expect(
      await runAdminCommand(
        test.database.db,
        ['cards', 'import', file],
        (l) => output.push(l),
        TEST_SECRETS,
        testConfig(),
      ),
    ).toBe(0);
    const extra = { remoteAddress: randomIp() };
    const started = await start(test, 'card', importedCard, extra);
    expect(started.statusCode, started.body).toBe(201);
    await toPasswordStep(test, started.json(), extra);
    expect((await complete(test, started.json().id, extra)).statusCode).toBe(200);
    // The account it opened is found by the holder's national number.
    const byNrn = await test.call({
      method: 'POST',
      url: '/api/user/forgot-username',
      payload: { identifier_type: 'national_register_number', identifier: IMPORTED_NRN },
    });
    expect(byNrn.json().usernames, byNrn.body).toHaveLength(2);

    const secrets = [
      ...demoCards.map((account) => account.card as string),
      DEMO_ONBOARDING.card,
      DEMO_ONBOARDING.heldCard,
      DEMO_ONBOARDING.activationCard,
      importedCard,
      ...DEMO_ACCOUNTS.flatMap((account) => account.national_register_number ?? []),
      IMPORTED_NRN,
      IBAN,
    ];
    for (const dump of [await readEveryTable(), await pgDump()]) {
      if (dump === undefined) continue;
      // The dump does hold the data: the demo e-mail addresses are there.
      expect(dump).toContain('employee@demo.test');
      for (const secret of secrets)
        expect(dump.includes(secret), `${secret.slice(0, 4)}… in clear`).toBe(false);
    }
  });
});
