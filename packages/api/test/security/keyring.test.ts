import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { runKeysCommand } from '../../src/cli/keys.command';
import { loadConfig } from '../../src/config';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { DEMO_ONBOARDING } from '../../src/flows/onboarding/demo';
import { createLogger } from '../../src/logger';
import { holdsSealedValues, KeyringError, openKeyring } from '../../src/operations/keyring';
import { keyUsage, resealAll, SEALED_COLUMNS } from '../../src/operations/sealed-columns';
import { sealedCardNumber, sealedHolderNrn } from '../../src/security/sealed-identifiers';
import { createSecretBox, type SecretBox } from '../../src/security/secret-box';
import { DEMO_ACCOUNTS, DEMO_RECOVERY_KEYS, seedDemoData } from '../../src/seed';
import { createServer } from '../../src/server';
import { createMfaAccount, loginWithSms } from '../mfa/helpers';
import { complete, randomCardNumber, randomIp, start, toPasswordStep } from '../onboarding/helpers';
import { ROOT } from '../support/compiled-server';
import { createTestApp, ROTATION_TEST_KEYS, type TestApp } from '../support/test-app';

// Key rotation on a database of its own: the shared test database stays under the run's key.
const [OLD_KEY, NEW_KEY] = ROTATION_TEST_KEYS;
const oldRing = createSecretBox(OLD_KEY);
const rotatingRing = createSecretBox([NEW_KEY, OLD_KEY]);
const newRing = createSecretBox(NEW_KEY);
const NO_LIMITS = { RATE_LIMIT_RECOVERY_PER_IP: '100000' };
/** More cards than one batch holds, so the rotation runs in several. */
const EXTRA_CARDS = 1_100;

let database: DatabaseHandle;
const schema = `vestibule_test_keyring_${process.pid}`;

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, schema, poolSize: 8 });
  await migrate(database.db);
  await openKeyring(database.db, oldRing);
  await seedDemoData(database.db, oldRing);
}, 120_000);

afterAll(async () => {
  if (process.env.TEST_DATABASE_URL) await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(database.db);
  await database.close();
});

/** Every sealed value of every sealed column opens with this ring. */
async function expectEverythingOpens(secrets: SecretBox) {
  for (const spec of SEALED_COLUMNS) {
    const rows = await sql<{ value: string }>`
      SELECT ${sql.ref(spec.column)} AS value FROM ${sql.table(spec.table)}
      WHERE ${sql.ref(spec.column)} IS NOT NULL${spec.where ? sql` AND ${spec.where}` : sql``}`.execute(
      database.db,
    );
    for (const row of rows.rows)
      expect(() => secrets.decrypt(row.value), `${spec.table}.${spec.column}`).not.toThrow();
  }
}

function forgotUsername(
  test: TestApp,
  identifierType: 'card' | 'national_register_number',
  identifier: string,
) {
  return test.call({
    method: 'POST',
    url: '/api/user/forgot-username',
    payload: { identifier_type: identifierType, identifier },
  });
}

describe('the keyring: rotation while the service runs', () => {
  it('re-seals everything under the new key under concurrent traffic; the old key is then dropped', async () => {
    const db = database.db;
    const before = await createTestApp(NO_LIMITS, { database, secrets: oldRing });
    const account = await createMfaAccount(db, ['sms', 'email']);
    const token = await loginWithSms(before, account);
    const iban = await before.call({
      method: 'PUT',
      url: '/api/user/iban',
      token,
      payload: { iban: 'BE68539007547034' },
    });
    expect(iban.statusCode, iban.body).toBe(200);
    const cards = Array.from({ length: EXTRA_CARDS }, randomCardNumber);
    await db
      .insertInto('cards')
      .values(
        cards.map((number) => ({
          edition: 'general',
          ...sealedCardNumber(oldRing, number),
          ...sealedHolderNrn(oldRing, null),
          user_id: account.id,
          status: 'active' as const,
        })),
      )
      .execute();
    await before.app.close();

    // Every instance restarts with the new key first and the old one after it.
    await openKeyring(db, rotatingRing);
    const during = await createTestApp(NO_LIMITS, {
      database,
      secrets: rotatingRing,
      log: createLogger('error'),
    });
    const progress: string[] = [];
    const rotation = runKeysCommand(db, ['keys', 'rotate'], (line) => progress.push(line), rotatingRing);
    let rotating = true;
    void rotation.finally(() => {
      rotating = false;
    });
    const answers: number[] = [];
    let round = 0;
    let roundsWhileRotating = 0;
    // API calls in parallel with the rotation: recovery by card and by national number, the
    // user with its IBAN, and a whole card onboarding.
    const onboarding = (async () => {
      const extra = { remoteAddress: randomIp() };
      const started = await start(during, 'card', DEMO_ONBOARDING.card, extra);
      expect(started.statusCode, started.body).toBe(201);
      expect(started.json().card_last4).toBe(DEMO_ONBOARDING.card.slice(-4));
      await toPasswordStep(during, started.json(), extra);
      return (await complete(during, started.json().id, extra)).statusCode;
    })();
    // A failed round still waits for the rotation and the onboarding before the schema goes.
    const settled = Promise.allSettled([rotation, onboarding]);
    onTestFinished(() => settled.then(() => undefined));
    while (rotating || round < 3) {
      const card = cards[round % cards.length] as string;
      round += 1;
      if (rotating) roundsWhileRotating += 1;
      const [byCard, user] = await Promise.all([
        forgotUsername(during, 'card', card),
        during.call({ method: 'GET', url: '/api/user', token }),
      ]);
      answers.push(byCard.statusCode, user.statusCode);
      expect(byCard.json().usernames, byCard.body).toHaveLength(2);
      expect(user.json().data.iban).toBe('BE68539007547034');
      // One national number, tried at most as often as its own limit allows.
      if (round <= 3) {
        const byNrn = await forgotUsername(during, 'national_register_number', '85073003328');
        expect(byNrn.json().usernames.length, byNrn.body).toBeGreaterThan(0);
      }
    }
    expect(await rotation).toBe(0);
    expect(roundsWhileRotating).toBeGreaterThan(0);
    expect(await onboarding).toBe(200);
    await during.app.close();
    expect(new Set(answers)).toEqual(new Set([200]));
    // Batches with progress, and the verdict on the old key.
    expect(
      progress.some((line) => /^ {2}cards\.number: 500\/\d{4}$/.test(line)),
      progress.join('\n'),
    ).toBe(true);
    // Hashes cannot be re-made without the secret: the demo's recovery keys keep the old key needed.
    const demoKeys =
      DEMO_ACCOUNTS.filter((account) => account.mfa?.includes('totp')).length * DEMO_RECOVERY_KEYS.length;
    expect(progress.join('\n')).toContain(
      `Key ${oldRing.activeKeyId} seals nothing any more but still verifies ${demoKeys} unused recovery key(s)`,
    );
    await db.deleteFrom('totp_recovery_keys').where('key_id', '=', oldRing.activeKeyId).execute();
    const status: string[] = [];
    expect(await runKeysCommand(db, ['keys', 'status'], (line) => status.push(line), rotatingRing)).toBe(0);
    expect(status).toContain(
      `Key ${oldRing.activeKeyId} is no longer used: it can be dropped from ENCRYPTION_KEY.`,
    );
    const usage = await keyUsage(db, rotatingRing);
    expect(usage.sealed.every((row) => row.keyId === newRing.activeKeyId)).toBe(true);

    // The old key dropped: the start check passes and everything still opens and is still found.
    await openKeyring(db, newRing);
    await expectEverythingOpens(newRing);
    const after = await createTestApp(NO_LIMITS, { database, secrets: newRing });
    const found = await forgotUsername(after, 'card', cards[7] as string);
    expect(found.json().usernames).toHaveLength(2);
    expect((await forgotUsername(after, 'card', '5065000000000001')).json().usernames.length).toBeGreaterThan(
      0,
    );
    const user = await after.call({ method: 'GET', url: '/api/user', token });
    expect(user.json().data.iban).toBe('BE68539007547034');
    // A second run finds nothing left to do (resumable: it starts from what the rows hold).
    expect(await resealAll(db, newRing, 'rotate')).toBe(0);
    await after.app.close();
  }, 240_000);

  it('refuses to start with a key that cannot open the database, naming ENCRYPTION_KEY', async () => {
    // The admin CLI is then never allowed to make up a key of its own.
    expect(await holdsSealedValues(database.db)).toBe(true);
    const wrong = createSecretBox(Buffer.alloc(32, 1));
    await expect(openKeyring(database.db, wrong)).rejects.toThrow(KeyringError);
    await expect(openKeyring(database.db, wrong)).rejects.toThrow(/ENCRYPTION_KEY: cannot open/);
    // The old key alone no longer opens it either: its values were moved to the new key.
    await expect(openKeyring(database.db, oldRing)).rejects.toThrow(/ENCRYPTION_KEY/);
  });

  it('seals clear and v1 values of a database from before the keyring at its first start, in batches', async () => {
    const db = database.db;
    const number = randomCardNumber();
    const clearCard = await db
      .insertInto('cards')
      .values({
        edition: 'general',
        number,
        holder_national_register_number: '02010112322',
        status: 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const account = await createMfaAccount(db, ['sms', 'email']);
    await db.updateTable('cards').set({ user_id: account.id }).where('id', '=', clearCard.id).execute();
    // A v1 value: the v2 format without its key id, as the secret box wrote before key ids.
    const [, , iv, tag, body] = newRing.encrypt('BE71096123456769').split(':');
    await db
      .updateTable('users')
      .set({ iban: ['v1', iv, tag, body].join(':') })
      .where('id', '=', account.id)
      .execute();
    await db.deleteFrom('settings').where('key', '=', 'keyring').execute();
    // Without the keyring row, a sample of each column is what a wrong key meets.
    await expect(openKeyring(db, createSecretBox(Buffer.alloc(32, 1)))).rejects.toThrow(/ENCRYPTION_KEY/);
    await openKeyring(db, newRing);
    const card = await db
      .selectFrom('cards')
      .selectAll()
      .where('id', '=', clearCard.id)
      .executeTakeFirstOrThrow();
    expect(card.number).toMatch(new RegExp(`^v2:${newRing.activeKeyId}:`));
    expect(card.holder_national_register_number).toMatch(/^v2:/);
    expect(card.number_index).toBe(newRing.blindIndex('pan', number));
    const user = await db
      .selectFrom('users')
      .select('iban')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(user.iban).toMatch(/^v2:/);
    expect(newRing.decrypt(user.iban as string)).toBe('BE71096123456769');
    const app = await createTestApp(NO_LIMITS, { database, secrets: newRing });
    expect(
      (await forgotUsername(app, 'national_register_number', '02010112322')).json().usernames,
    ).toHaveLength(2);
    await app.app.close();
  });
});

describe('the server at start', () => {
  it('refuses to start with a wrong ENCRYPTION_KEY, starts with the right one; the CLI makes up no key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vestibule-keyring-'));
    const config = (key: string) =>
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir, ENCRYPTION_KEY: key });
    try {
      const first = await createServer(config(OLD_KEY.toString('base64')), { seed: false });
      await first.close();
      await expect(createServer(config(NEW_KEY.toString('base64')), { seed: false })).rejects.toThrow(
        /ENCRYPTION_KEY: cannot open what the database holds/,
      );
      const rotating = await createServer(
        config(`${NEW_KEY.toString('base64')},${OLD_KEY.toString('base64')}`),
        {
          seed: false,
        },
      );
      await rotating.close();
      // The admin CLI without the key is refused, and makes up no key file for this database.
      const cli = spawnSync(
        process.execPath,
        ['--import', 'tsx', join(ROOT, 'packages/api/src/cli/main.ts'), 'keys', 'status'],
        {
          cwd: ROOT,
          encoding: 'utf8',
          env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: dir },
        },
      );
      expect(cli.status, cli.stderr).toBe(1);
      expect(cli.stderr).toContain('ENCRYPTION_KEY is not set');
      expect(existsSync(join(dir, 'encryption.key'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
