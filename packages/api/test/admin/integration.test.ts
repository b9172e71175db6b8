import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { companyId as companyNamed } from '../../src/flows/onboarding/registry';
import { randomActivationCode, randomCardNumber } from '../onboarding/helpers';
import { SCIM_TYPE, scimUser } from '../scim/helpers';
import { sharedTestApp } from '../support/test-app';
import { hostOf, staffSession } from './helpers';

// The operator's card import and SCIM tokens through the admin API: the CLI's parser and rules
// (a file with any bad row imports nothing), typed 4xx naming each row, and tokens that work on
// /scim/v2 until revoked. Audit rows carry counts and ids, never a card number or a secret.

const test = sharedTestApp();
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const reason = { reason: 'batch from the issuer', ticket: 'OPS-7' };

async function operator(scope: 'general' | 'lu' | null = null) {
  return staffSession(test.database.db, { role: 'operator', scope, stepUp: 'totp' });
}

function importFile(token: string, csv: string, edition: 'general' | 'lu' = 'general', host = hostOf()) {
  return test.call({
    method: 'POST',
    url: '/api/admin/cards/import',
    token,
    host,
    payload: { edition, csv_base64: base64(csv), ...reason },
  });
}

async function cardCount(company: string) {
  const row = await test.database.db
    .selectFrom('cards')
    .innerJoin('companies', 'companies.id', 'cards.company_id')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('companies.name', '=', company)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('card import (admin API)', () => {
  it('imports a semicolon file with a BOM and CRLF, answers the summary and audits the count only', async () => {
    const staff = await operator();
    const company = `Cards Co ${randomUUID().slice(0, 6)}`;
    const [first, second] = [randomCardNumber(), randomCardNumber()];
    const csv = `\uFEFFedition;number;company;firstname;lastname;status\r\ngeneral;${first};${company};Ann;Peeters;\r\ngeneral;${second};${company};Bo;Claes;held\r\n`;
    const response = await importFile(staff.token, csv);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ rows: 2, created: 2, updated: 0, unchanged: 0 });
    expect(await cardCount(company)).toBe(2);
    const audit = await test.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('kind', '=', 'cards.imported')
      .where('actor', '=', `user:${staff.id}`)
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({ count: 2, reason: reason.reason, ticket: 'OPS-7' });
    expect(JSON.stringify(audit)).not.toContain(first);
    expect(JSON.stringify(audit)).not.toContain(first.slice(-4));
    // The same file again: every card is already in the registry, nothing changes.
    const again = await importFile(staff.token, csv);
    expect(again.statusCode).toBe(422);
    expect(again.json().rows).toEqual([
      { row: 2, field: 'number', code: 'already_registered' },
      { row: 3, field: 'number', code: 'already_registered' },
    ]);
    expect(await cardCount(company)).toBe(2);
  });

  it('refuses a file with bad rows whole: 422 cards_csv_invalid naming each row and field, no value echoed', async () => {
    const staff = await operator();
    const company = `Bad Co ${randomUUID().slice(0, 6)}`;
    const good = randomCardNumber();
    const csv = [
      'edition,number,activation_code,company,firstname,lastname,status',
      `general,${good},,${company},Ann,Peeters,`,
      `general,${good},,${company},Twice,Peeters,`,
      `general,${randomCardNumber()},,${company},Cy,Dubois,active`,
      `general,${randomCardNumber()},,${company},"Li\u0000ne",Dubois,`,
      `general,5065000000000002,,${company},Dee,Maes,`,
      `lu,${randomCardNumber()},${randomActivationCode()},${company},Eve,Weber,`,
    ].join('\n');
    const response = await importFile(staff.token, csv);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe('cards_csv_invalid');
    expect(body.rows).toEqual([
      { row: 3, field: 'number', code: 'duplicate_number' },
      { row: 4, field: 'status', code: 'invalid_status' },
      { row: 5, field: 'firstname', code: 'control_character' },
      { row: 6, field: 'number', code: 'invalid_number' },
      { row: 7, field: 'edition', code: 'other_edition' },
    ]);
    expect(response.body).not.toContain(good);
    expect(response.body).not.toContain('5065000000000002');
    expect(await cardCount(company)).toBe(0);
  });

  it('answers the message in the caller language, and names a missing column and an unclosed quote', async () => {
    const staff = await operator();
    const missing = await test.call({
      method: 'POST',
      url: '/api/admin/cards/import',
      token: staff.token,
      headers: { 'accept-language': 'fr' },
      payload: { edition: 'general', csv_base64: base64('number;company\n1;x\n'), ...reason },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toMatch(/aucune carte/);
    expect(missing.json().rows).toContainEqual({ row: 1, field: 'edition', code: 'missing_column' });
    const quote = await importFile(staff.token, 'edition,number,company,firstname,lastname\ngeneral,"5065');
    expect(quote.statusCode).toBe(422);
    expect(quote.json().rows[0]).toMatchObject({ field: 'file', code: 'unreadable' });
  });

  it('needs a reason, a step-up, the edition, and a file within the size limit', async () => {
    const staff = await operator();
    const csv = `edition,number,company,firstname,lastname\ngeneral,${randomCardNumber()},X,A,B\n`;
    const noReason = await test.call({
      method: 'POST',
      url: '/api/admin/cards/import',
      token: staff.token,
      payload: { edition: 'general', csv_base64: base64(csv) },
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().fields).toHaveProperty('reason');
    const stale = await staffSession(test.database.db, { role: 'operator', scope: null });
    expect((await importFile(stale.token, csv)).json().code).toBe('sudo_required');
    const luOnly = await staffSession(test.database.db, {
      role: 'operator',
      scope: 'lu',
      edition: 'lu',
      stepUp: 'totp',
    });
    expect((await importFile(luOnly.token, csv, 'general', hostOf('lu'))).statusCode).toBe(404);
    const huge = await test.call({
      method: 'POST',
      url: '/api/admin/cards/import',
      token: staff.token,
      payload: { edition: 'general', csv_base64: 'A'.repeat(61_000), ...reason },
    });
    expect(huge.statusCode).toBe(422);
  });

  it('lets one of two concurrent imports of the same cards through; the other imports nothing', async () => {
    const staff = await operator();
    const company = `Race Co ${randomUUID().slice(0, 6)}`;
    const csv = `edition,number,company,firstname,lastname\ngeneral,${randomCardNumber()},${company},A,B\ngeneral,${randomCardNumber()},${company},C,D\n`;
    const answers = await Promise.all([importFile(staff.token, csv), importFile(staff.token, csv)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)?.json().code).toBe('cards_csv_invalid');
    expect(await cardCount(company)).toBe(2);
  });

  it('counts imports per staff member: the 21st in an hour answers 429', async () => {
    const staff = await operator();
    const empty = 'edition,number,company,firstname,lastname\n';
    for (let call = 0; call < 20; call++) expect((await importFile(staff.token, empty)).statusCode).toBe(422);
    const limited = await importFile(staff.token, empty);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('imports an LU file with activation codes for an LU operator', async () => {
    const staff = await staffSession(test.database.db, {
      role: 'operator',
      scope: 'lu',
      edition: 'lu',
      stepUp: 'totp',
    });
    const company = `LU Co ${randomUUID().slice(0, 6)}`;
    const csv = `edition,number,activation_code,company,firstname,lastname\nlu,${randomCardNumber()},${randomActivationCode()},${company},Jos,Muller\nlu,${randomCardNumber()},,${company},Lea,Muller\n`;
    const refused = await importFile(staff.token, csv, 'lu', hostOf('lu'));
    expect(refused.json().rows).toEqual([
      { row: 3, field: 'activation_code', code: 'activation_code_required' },
    ]);
    const fixed = csv.replace(',,', `,${randomActivationCode()},`);
    const response = await importFile(staff.token, fixed, 'lu', hostOf('lu'));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().created).toBe(2);
  });
});

describe('SCIM tokens (admin API)', () => {
  it('creates a token shown once that works on /scim/v2/Users, lists it without its secret, and revokes it', async () => {
    const staff = await operator();
    const company = await companyNamed(test.database.db, 'general', `SCIM Admin ${randomUUID().slice(0, 6)}`);
    const companies = await test.call({
      method: 'GET',
      url: '/api/admin/companies',
      token: staff.token,
    });
    expect(companies.json().data).toContainEqual(
      expect.objectContaining({ id: company, edition: 'general' }),
    );
    const created = await test.call({
      method: 'POST',
      url: `/api/admin/scim/companies/${company}/tokens`,
      token: staff.token,
      payload: { label: 'Workday', ...reason },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, token, scim_base_url } = created.json();
    expect(token).toMatch(/^scim_/);
    expect(scim_base_url).toBe('http://localhost:3000/scim/v2');

    const scim = (method: 'GET' | 'POST', payload?: unknown) =>
      test.call({
        method,
        url: '/scim/v2/Users',
        token,
        headers: { accept: SCIM_TYPE, ...(payload ? { 'content-type': SCIM_TYPE } : {}) },
        payload: payload as Record<string, unknown> | undefined,
      });
    const made = await scim('POST', scimUser());
    expect(made.statusCode, made.body).toBe(201);
    expect((await scim('GET')).statusCode).toBe(200);

    const list = await test.call({
      method: 'GET',
      url: `/api/admin/scim/companies/${company}/tokens`,
      token: staff.token,
    });
    expect(list.body).not.toContain(token);
    expect(list.json().data[0]).toMatchObject({ id, label: 'Workday', revoked_at: null });
    expect(list.json().data[0].last_used_at).not.toBeNull();

    const noReason = await test.call({
      method: 'POST',
      url: `/api/admin/scim/companies/${company}/tokens/${id}/revoke`,
      token: staff.token,
      payload: {},
    });
    expect(noReason.statusCode).toBe(422);
    const revoked = await test.call({
      method: 'POST',
      url: `/api/admin/scim/companies/${company}/tokens/${id}/revoke`,
      token: staff.token,
      payload: reason,
    });
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await scim('GET')).statusCode).toBe(401);
    const twice = await test.call({
      method: 'POST',
      url: `/api/admin/scim/companies/${company}/tokens/${id}/revoke`,
      token: staff.token,
      payload: reason,
    });
    expect(twice.statusCode).toBe(404);

    const rows = await test.database.db
      .selectFrom('audit_events')
      .select(['kind', 'detail', 'actor'])
      .where('kind', 'in', ['scim.token_created', 'scim.token_revoked'])
      .where('actor', '=', `user:${staff.id}`)
      .execute();
    expect(rows.map((row) => row.kind).sort()).toEqual(['scim.token_created', 'scim.token_revoked']);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("hides another edition's company (404) and refuses a change without a step-up", async () => {
    const lu = await companyNamed(test.database.db, 'lu', `SCIM LU ${randomUUID().slice(0, 6)}`);
    const general = await staffSession(test.database.db, {
      role: 'operator',
      scope: 'general',
      stepUp: 'totp',
    });
    const hidden = await test.call({
      method: 'GET',
      url: `/api/admin/scim/companies/${lu}/tokens`,
      token: general.token,
    });
    expect(hidden.statusCode).toBe(404);
    const listed = await test.call({ method: 'GET', url: '/api/admin/companies', token: general.token });
    expect(listed.json().data.map((row: { id: number }) => row.id)).not.toContain(lu);
    const stale = await staffSession(test.database.db, { role: 'operator', scope: null });
    const refused = await test.call({
      method: 'POST',
      url: `/api/admin/scim/companies/${lu}/tokens`,
      token: stale.token,
      payload: reason,
    });
    expect(refused.json().code).toBe('sudo_required');
  });
});
