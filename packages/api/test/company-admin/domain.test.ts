import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adoption } from '../../src/flows/company-admin/adoption.queries';
import { invitationPage, inviteAll, revokeInvitation } from '../../src/flows/company-admin/invitations';
import { parseInviteCsv } from '../../src/flows/company-admin/invite.csv';
import { joinCompany } from '../../src/flows/company-admin/membership';
import { peoplePage } from '../../src/flows/company-admin/people.queries';
import { type CompanyScope, companyScope } from '../../src/flows/company-admin/scope';
import { companyId } from '../../src/flows/onboarding/registry';
import { complete, issueInvitation, randomIp, start, toPasswordStep } from '../onboarding/helpers';
import { createAccount } from '../support/accounts';
import { sharedTestApp, TEST_SECRETS } from '../support/test-app';

const test = sharedTestApp();
const actor = { ref: 'user:1', role: 'company-admin', name: 'Test Admin' };
const context = () => ({ secrets: TEST_SECRETS, linkBase: 'http://localhost:3000', actor });

async function newCompany(edition: 'general' | 'lu' = 'general'): Promise<CompanyScope> {
  const id = await companyId(test.database.db, edition, `Company ${randomUUID().slice(0, 8)}`);
  return companyScope(test.database.db, id);
}

async function member(scope: CompanyScope, firstname = 'Test') {
  const account = await createAccount(test.database.db, { edition: scope.edition, firstname });
  await joinCompany(test.database.db, account.id, scope.companyId);
  return account;
}

const query = { status: 'all', mfa: 'all', limit: 25 } as const;

describe('company people', () => {
  it("lists only the company's people, by pages, with search and filters", async () => {
    const db = test.database.db;
    const acme = await newCompany();
    const other = await newCompany();
    const anna = await member(acme, 'Annabelle');
    const bob = await member(acme, 'Bob');
    await member(other, 'Annabelle');
    await db
      .insertInto('mfa_methods')
      .values({ user_id: bob.id, method: 'sms', target: bob.phone, secret_enc: null, last_totp_step: null })
      .execute();
    await db.updateTable('users').set({ locked_at: new Date() }).where('id', '=', anna.id).execute();

    const all = await peoplePage(db, acme, query);
    expect(all.data.map((person) => person.id)).toEqual([anna.id, bob.id]);
    expect(all.data[0]).toMatchObject({ status: 'suspended', restorable: false, mfa_methods: [] });
    expect(all.data[1]).toMatchObject({ status: 'active', mfa_methods: ['sms'], email: bob.email });

    const first = await peoplePage(db, acme, { ...query, limit: 1 });
    expect(first.next_cursor).not.toBeNull();
    const second = await peoplePage(db, acme, { ...query, limit: 1, cursor: first.next_cursor ?? undefined });
    expect(second.data.map((person) => person.id)).toEqual([bob.id]);
    expect(second.next_cursor).toBeNull();

    expect((await peoplePage(db, acme, { ...query, q: 'annab' })).data.map((p) => p.id)).toEqual([anna.id]);
    // Accent- and case-insensitive on names: "Émile" by "EMI".
    const emile = await member(acme, 'Émile');
    expect((await peoplePage(db, acme, { ...query, q: 'EMI' })).data.map((p) => p.id)).toEqual([emile.id]);
    await db.deleteFrom('users').where('id', '=', emile.id).execute();
    expect(
      (await peoplePage(db, acme, { ...query, q: bob.email.slice(0, 8).toUpperCase() })).data.map(
        (p) => p.id,
      ),
    ).toEqual([bob.id]);
    // LIKE's wildcards are searched as themselves.
    expect((await peoplePage(db, acme, { ...query, q: '%' })).data).toEqual([]);
    expect((await peoplePage(db, acme, { ...query, mfa: 'with' })).data.map((p) => p.id)).toEqual([bob.id]);
    expect((await peoplePage(db, acme, { ...query, mfa: 'without' })).data.map((p) => p.id)).toEqual([
      anna.id,
    ]);
    expect((await peoplePage(db, acme, { ...query, status: 'active' })).data.map((p) => p.id)).toEqual([
      bob.id,
    ]);
  });
});

describe('CSV invitations', () => {
  it('invites every row through the outbox, or nobody when one row is bad, naming the row and field', async () => {
    const db = test.database.db;
    const acme = await newCompany();
    const existing = await member(acme);
    const waiting = `waiting-${randomUUID().slice(0, 6)}@test.example`;
    await db
      .transaction()
      .execute((trx) => inviteAll(trx, acme, context(), parseInviteCsv(`email\n${waiting}`).rows));

    const fresh = `fresh-${randomUUID().slice(0, 6)}@test.example`;
    const bad = parseInviteCsv(
      `email;firstname\n${fresh};Fresh\n${existing.email};Again\n${waiting.toUpperCase()};Twice\nnot-an-address;X\n`,
    );
    const refused = await db
      .transaction()
      .execute((trx) => inviteAll(trx, acme, context(), bad.rows, bad.errors))
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 'csv_invalid',
      options: {
        extra: {
          rows: [
            { row: 3, field: 'email', code: 'already_member' },
            { row: 4, field: 'email', code: 'already_invited' },
            { row: 5, field: 'email', code: 'invalid_email' },
          ],
        },
      },
    });
    const none = await db.selectFrom('invitations').select('id').where('email', '=', fresh).execute();
    expect(none).toEqual([]);

    const good = parseInviteCsv(`email;firstname;language\n${fresh};Fresh;fr\nsecond-${fresh};Second;\n`);
    const { invited } = await db.transaction().execute((trx) => inviteAll(trx, acme, context(), good.rows));
    expect(invited.map((row) => row.row)).toEqual([2, 3]);
    const mail = await db.selectFrom('outbox').select(['purpose']).where('recipient', '=', fresh).execute();
    expect(mail.map((row) => row.purpose)).toEqual(['invitation']);
    const page = await invitationPage(db, acme, { status: 'pending', limit: 10 });
    expect(page.data.map((row) => row.email)).toEqual([`second-${fresh}`, fresh, waiting]);
  });

  it("revokes a waiting invitation of the company; another company's is 404; its code then answers invitation_revoked", async () => {
    const db = test.database.db;
    const invitation = await issueInvitation(db);
    const row = await db
      .selectFrom('invitations')
      .select(['id', 'company_id'])
      .where('email', '=', invitation.email)
      .executeTakeFirstOrThrow();
    const owner = await companyScope(db, row.company_id);
    const stranger = await newCompany();
    const notFound = await db
      .transaction()
      .execute((trx) => revokeInvitation(trx, stranger, actor, row.id))
      .catch((error: unknown) => error);
    expect(notFound).toMatchObject({ code: 'not_found' });
    await db.transaction().execute((trx) => revokeInvitation(trx, owner, actor, row.id));
    const again = await db
      .transaction()
      .execute((trx) => revokeInvitation(trx, owner, actor, row.id))
      .catch((error: unknown) => error);
    expect(again).toMatchObject({ code: 'invitation_not_pending' });
    const started = await start(test, 'invitation', invitation.code, { remoteAddress: randomIp() });
    expect(started.json().code).toBe('invitation_revoked');
  });
});

describe('joining a company and MFA adoption', () => {
  it('an invitation that opens an account makes it a member under the policy, and adoption counts it that day', async () => {
    const db = test.database.db;
    const invitation = await issueInvitation(db);
    const { company_id } = await db
      .selectFrom('invitations')
      .select('company_id')
      .where('email', '=', invitation.email)
      .executeTakeFirstOrThrow();
    const scope = await companyScope(db, company_id);
    await db.updateTable('companies').set({ mfa_policy: 'required' }).where('id', '=', company_id).execute();
    const before = await adoption(db, scope);

    const extra = { remoteAddress: randomIp() };
    const state = (await start(test, 'invitation', invitation.code, extra)).json();
    await toPasswordStep(test, state, extra, { email: invitation.email });
    expect((await complete(test, state.id, extra)).statusCode).toBe(200);

    const user = await db
      .selectFrom('users')
      .innerJoin('user_emails', 'user_emails.user_id', 'users.id')
      .select(['users.company_id', 'users.mfa_forced', 'users.mfa_customer'])
      .where('user_emails.address', '=', invitation.email)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ company_id, mfa_forced: true, mfa_customer: false });
    const after = await adoption(db, scope);
    expect(after.members).toBe(before.members + 1);
    expect(after.with_mfa).toBe(before.with_mfa + 1);
    const today = after.series.at(-1);
    expect(today).toMatchObject({
      sms: (before.series.at(-1)?.sms ?? 0) + 1,
      totp: before.series.at(-1)?.totp ?? 0,
    });
    expect(after.series).toHaveLength(30);
  });
});
