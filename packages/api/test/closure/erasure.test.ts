import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { eraseDueAccounts } from '../../src/flows/closure/erase';
import { sealedCardNumber, sealedIban } from '../../src/security/sealed-identifiers';
import { profileSession } from '../profile/helpers';
import { sharedTestApp, TEST_SECRETS } from '../support/test-app';
import { endGracePeriod, requestClosure } from './helpers';

/** After erasure, no text or JSON column of any table holds the person's identifiers. */

const test = sharedTestApp();

/** Every text-like column of every table of the schema, as (table, column). */
async function textColumns(db: Db) {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'character')
    ORDER BY 1, 2`.execute(db);
  return rows;
}

/** Where each needle occurs: "table.column" per needle, searching every text-like column. */
async function whereFound(db: Db, needles: Record<string, string>) {
  const found: Record<string, string[]> = {};
  for (const { table_name, column_name } of await textColumns(db)) {
    for (const [name, needle] of Object.entries(needles)) {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ${sql.table(table_name)}
        WHERE position(lower(${needle}) IN lower(${sql.ref(column_name)}::text)) > 0`.execute(db);
      if ((rows[0]?.n ?? 0) === 0) continue;
      found[name] = [...(found[name] ?? []), `${table_name}.${column_name}`];
    }
  }
  return found;
}

function letters(n: number): string {
  return [...randomBytes(n)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

describe('erasure of a closed account', () => {
  it('leaves no e-mail, phone, name, card number, national number or IBAN of the person in any table', async () => {
    const { account, token } = await profileSession(test);
    const { db } = test.database;
    const firstname = `Zephyrine${letters(6)}`;
    const lastname = `Quillfeather${letters(6)}`;
    const card = `5065${String(Date.now()).slice(-12).padStart(12, '0')}`;
    const nrn = `85073${String(Date.now()).slice(-6)}`;
    const iban = 'BE68539007547034';
    await db
      .updateTable('users')
      .set({
        firstname,
        lastname,
        iban: sealedIban(TEST_SECRETS, iban),
        national_register_number: TEST_SECRETS.encrypt(nrn),
        national_register_number_index: TEST_SECRETS.blindIndex('nrn', nrn),
      })
      .where('id', '=', account.id)
      .execute();
    await db
      .insertInto('cards')
      .values({
        edition: 'general',
        ...sealedCardNumber(TEST_SECRETS, card),
        user_id: account.id,
        status: 'active',
        holder_firstname: firstname,
        holder_lastname: lastname,
      })
      .execute();
    await db
      .insertInto('user_consents')
      .values({ user_id: account.id, kind: 'marketing_email', granted: true, version: null, language: 'en' })
      .execute();
    // What a contact change writes in its audit detail, and a trusted device.
    await db
      .insertInto('audit_events')
      .values({
        user_id: account.id,
        edition: 'general',
        kind: 'contact.added',
        detail: JSON.stringify({ kind: 'email', contact: account.email, name: `${firstname} ${lastname}` }),
        ip: '198.51.100.7',
        device_id: 'device',
      })
      .execute();
    expect((await requestClosure(test, token)).statusCode).toBe(200);

    const needles = {
      email: account.email,
      phone: account.phone,
      firstname,
      lastname,
      card,
      nrn,
      iban,
    };
    const before = await whereFound(db, needles);
    // The search finds what is there: the e-mail, phone and names in several tables.
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['email', 'firstname', 'lastname', 'phone']));
    expect(before.email).toEqual(expect.arrayContaining(['user_emails.address', 'outbox.recipient']));
    expect(before.firstname).toEqual(expect.arrayContaining(['users.firstname', 'cards.holder_firstname']));

    await endGracePeriod(test, account.id);
    await eraseDueAccounts(db);
    expect(await whereFound(db, needles)).toEqual({});

    // What stays: the tombstone, its audit rows without address or device, the detached card.
    const events = await db
      .selectFrom('audit_events')
      .select(['kind', 'ip', 'device_id', 'detail'])
      .where('user_id', '=', account.id)
      .execute();
    expect(events.map((event) => event.kind)).toEqual(
      expect.arrayContaining(['contact.added', 'account.deleted']),
    );
    for (const event of events) expect([event.ip, event.device_id]).toEqual([null, null]);
    const cards = await db
      .selectFrom('cards')
      .select('user_id')
      .where('number_index', '=', TEST_SECRETS.blindIndex('pan', card))
      .execute();
    expect(cards).toEqual([{ user_id: null }]);
    for (const table of ['user_emails', 'user_phones', 'mfa_methods', 'sessions', 'user_consents'] as const) {
      const rows = await db.selectFrom(table).select('user_id').where('user_id', '=', account.id).execute();
      expect(rows, table).toEqual([]);
    }
  });
});
