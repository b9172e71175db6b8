import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatCode } from '@vestibule/contract/activation-code';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../src/security/tokens';
import { runAdmin } from '../support/admin-cli';
import { bodyText } from '../support/outbox';
import { sharedTestApp, TEST_SECRETS } from '../support/test-app';
import { randomActivationCode, randomCardNumber } from './helpers';

const test = sharedTestApp();
const dir = mkdtempSync(join(tmpdir(), 'cards-'));

const admin = (...argv: string[]) => runAdmin(test.database.db, argv);

function csv(name: string, rows: string[]) {
  const file = join(dir, name);
  writeFileSync(file, rows.join('\n'));
  return file;
}

describe('npm run admin -- cards import', () => {
  it('imports a good file: cards, companies and hashed activation codes', async () => {
    const number = randomCardNumber();
    const code = randomActivationCode();
    const file = csv('good.csv', [
      'edition,number,activation_code,company,firstname,lastname,birthdate,status',
      `general,${number},,CSV Company,Ann,Peeters,1990-04-01,inactive`,
      `lu,${randomCardNumber()},${formatCode(code)},"CSV Company, Luxembourg",Jean,Muller,,held`,
    ]);
    expect(await admin('cards', 'import', file)).toEqual({ code: 0, output: 'Imported 2 card(s).' });
    const card = await test.database.db
      .selectFrom('cards')
      .selectAll()
      .where('number_index', '=', TEST_SECRETS.blindIndex('pan', number))
      .executeTakeFirstOrThrow();
    expect(card).toMatchObject({
      status: 'inactive',
      holder_firstname: 'Ann',
      holder_birthdate: '1990-04-01',
    });
    const lu = await test.database.db
      .selectFrom('cards')
      .innerJoin('companies', 'companies.id', 'cards.company_id')
      .select(['cards.status', 'companies.name'])
      .where('activation_code_hash', '=', hashToken(code))
      .executeTakeFirstOrThrow();
    expect(lu).toEqual({ status: 'held', name: 'CSV Company, Luxembourg' });
  });

  it('names each bad row by its line and imports none of the file', async () => {
    const good = randomCardNumber();
    const repeated = randomCardNumber();
    const file = csv('bad.csv', [
      'edition,number,company,firstname,lastname',
      `general,${good},CSV Company,Ann,Peeters`,
      'general,5065000000000002,CSV Company,Bad,Luhn',
      `lu,${randomCardNumber()},CSV Company,No,Code`,
      `general,${repeated},CSV Company,Once,Here`,
      `general,${repeated},CSV Company,Twice,Here`,
      'general,5065000000000001,CSV Company,Already,Issued',
      `mars,${randomCardNumber()},CSV Company,,Nobody`,
    ]);
    const result = await admin('cards', 'import', file);
    expect(result.code).toBe(1);
    expect(result.output).toContain('line 3: invalid card number "5065000000000002"');
    expect(result.output).toContain('line 4: an activation code is required in the lu edition');
    expect(result.output).toContain('line 6: card number repeats line 5');
    expect(result.output).toContain('line 7: card …0001 is already in the registry');
    expect(result.output).toMatch(/line 8: unknown edition "mars".*firstname is empty/);
    expect(result.output).toContain('Nothing imported: 5 bad row(s).');
    expect(
      await test.database.db
        .selectFrom('cards')
        .select('id')
        .where('number_index', '=', TEST_SECRETS.blindIndex('pan', good))
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('reads a semicolon file with a BOM and CRLF lines, as Excel writes it in BE, FR and LU', async () => {
    const number = randomCardNumber();
    const file = join(dir, 'excel.csv');
    writeFileSync(
      file,
      [
        '\uFEFFedition;number;company;firstname;lastname;birthdate;status',
        `general;${number};"Dupont; Fils";Zoé;Dupont;1991-02-03;held`,
        '',
      ].join('\r\n'),
    );
    expect(await admin('cards', 'import', file)).toEqual({ code: 0, output: 'Imported 1 card(s).' });
    const card = await test.database.db
      .selectFrom('cards')
      .innerJoin('companies', 'companies.id', 'cards.company_id')
      .select(['cards.status', 'cards.holder_firstname', 'companies.name'])
      // The number is stored sealed: found by its blind index.
      .where('number_index', '=', TEST_SECRETS.blindIndex('pan', number))
      .executeTakeFirstOrThrow();
    expect(card).toEqual({ status: 'held', holder_firstname: 'Zoé', name: 'Dupont; Fils' });
  });

  it('names the allowed status values and the line of an unclosed quote', async () => {
    const status = await admin(
      'cards',
      'import',
      csv('status.csv', [
        'edition,number,company,firstname,lastname,status',
        `general,${randomCardNumber()},X,A,B,active`,
      ]),
    );
    expect(status.output).toContain('line 2: invalid status "active" (inactive or held)');
    const quote = await admin(
      'cards',
      'import',
      csv('quote.csv', ['edition,number,company,firstname,lastname', `general,${randomCardNumber()},"X,A,B`]),
    );
    expect(quote.code).toBe(1);
    expect(quote.output).toMatch(/line \d+: .*quote/i);
  });

  it('refuses a control character in a field, as the console does', async () => {
    const result = await admin(
      'cards',
      'import',
      csv('control.csv', [
        'edition,number,company,firstname,lastname',
        `general,${randomCardNumber()},X,"A\u0007",B`,
      ]),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain('line 2: firstname holds a control character');
  });

  it('refuses a file without the required columns', async () => {
    const result = await admin(
      'cards',
      'import',
      csv('header.csv', ['number,company', '5065100000000017,X']),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain('line 1: missing column(s) edition, firstname, lastname');
  });
});

describe('npm run admin -- invitations create', () => {
  it('creates an invitation whose code goes out by e-mail only', async () => {
    const result = await admin(
      'invitations',
      'create',
      '--email',
      'Cli.Invite@Example.com',
      '--company',
      'CSV Company',
      '--days',
      '3',
      '--language',
      'en',
    );
    expect(result.code).toBe(0);
    expect(result.output).toContain('its code was sent by e-mail');
    const mail = await test.database.db
      .selectFrom('outbox')
      .select(['subject', 'body_text', 'body_sealed'])
      .where('recipient', '=', 'cli.invite@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('CSV Company invites you to Vestibule');
    const text = bodyText(mail);
    const code = /invitation code\s+([0-9A-Z]{5}-[0-9A-Z]{5})/.exec(text)?.[1];
    expect(code).toBeDefined();
    expect(result.output).not.toContain(code as string);
    expect(text).toContain(`/onboarding?invitation=${code}`);
  });

  it('refuses a missing e-mail or company', async () => {
    expect((await admin('invitations', 'create', '--company', 'X')).code).toBe(2);
    expect((await admin('invitations', 'create', '--email', 'a@b.example')).code).toBe(2);
  });
});
