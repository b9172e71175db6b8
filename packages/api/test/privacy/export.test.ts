import { dataExportSchema } from '@vestibule/contract/schemas/privacy';
import { describe, expect, it } from 'vitest';
import { sealedCardNumber, sealedIban } from '../../src/security/sealed-identifiers';
import { dropSudo, stepUp } from '../mfa/helpers';
import { messagesTo, profileSession } from '../profile/helpers';
import { auditEvents } from '../support/rows';
import { sharedTestApp, TEST_SECRETS } from '../support/test-app';

/** POST /api/user/data-export: the account's own values, masked where they must be, never a secret. */

const test = sharedTestApp();

async function withCardAndConsent(userId: number, edition: string) {
  const { db } = test.database;
  await db
    .updateTable('users')
    .set({
      firstname: 'Ottilie',
      lastname: 'Vandersmissen',
      iban: sealedIban(TEST_SECRETS, 'BE68539007547034'),
    })
    .where('id', '=', userId)
    .execute();
  await db
    .insertInto('cards')
    .values({
      edition,
      ...sealedCardNumber(TEST_SECRETS, '5065000011112222'),
      user_id: userId,
      status: 'active',
    })
    .execute();
  await db
    .insertInto('user_consents')
    .values({ user_id: userId, kind: 'terms', granted: true, version: '2026-01-en', language: 'en' })
    .execute();
}

describe('POST /api/user/data-export', () => {
  it("answers the account's own values, masks card, IBAN and MFA targets, audits and announces it", async () => {
    const { account, token } = await profileSession(test);
    await withCardAndConsent(account.id, 'general');
    const response = await test.call({ method: 'POST', url: '/api/user/data-export', token });
    expect(response.statusCode, response.body).toBe(200);
    const document = dataExportSchema.parse(response.json());
    expect(document.profile).toMatchObject({ firstname: 'Ottilie', lastname: 'Vandersmissen' });
    expect(document.profile.iban).toBe('BE68 •••• •••• 7034');
    expect(document.contacts.map((contact) => contact.value)).toEqual(
      expect.arrayContaining([account.email, account.phone]),
    );
    expect(document.cards).toEqual([{ number: '•••• 2222', status: 'active', activated_at: null }]);
    expect(document.consents).toEqual([
      expect.objectContaining({ kind: 'terms', granted: true, version: '2026-01-en', language: 'en' }),
    ]);
    expect(document.mfa_methods.map((method) => method.kind).sort()).toEqual(['email', 'sms']);
    for (const method of document.mfa_methods) expect(method.target).toContain('*');
    expect(document.sessions.length).toBeGreaterThan(0);
    expect(document.security_events.map((event) => event.kind)).toContain('account.data_exported');
    const text = response.body;
    for (const secret of [
      '5065000011112222',
      'BE68539007547034',
      'password_hash',
      'secret_enc',
      'token_hash',
    ])
      expect(text).not.toContain(secret);
    const [notice] = await messagesTo(test, account.email);
    expect(notice?.subject).toContain('a copy of your data was downloaded');
  });

  it('answers 403 sudo_required without a step-up, and a single grant serves one export of two asked at once', async () => {
    const { account, token } = await profileSession(test);
    await dropSudo(test.database.db, token);
    const refused = await test.call({ method: 'POST', url: '/api/user/data-export', token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('sudo_required');

    await stepUp(test, token, account, 1);
    const answers = await Promise.all([
      test.call({ method: 'POST', url: '/api/user/data-export', token }),
      test.call({ method: 'POST', url: '/api/user/data-export', token }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    const audited = await auditEvents(test.database.db, account.id, 'account.data_exported');
    expect(audited).toHaveLength(1);
  });
});

describe('GET /api/user/consents', () => {
  it('answers the latest ledger entry of each kind, not older ones', async () => {
    const { account, token } = await profileSession(test);
    const { db } = test.database;
    await db
      .insertInto('user_consents')
      .values([
        {
          user_id: account.id,
          kind: 'terms',
          granted: true,
          version: '2025-06-en',
          language: 'en',
          created_at: new Date('2025-07-01T00:00:00Z'),
        },
        {
          user_id: account.id,
          kind: 'terms',
          granted: true,
          version: '2026-01-en',
          language: 'en',
          created_at: new Date('2026-02-01T00:00:00Z'),
        },
        {
          user_id: account.id,
          kind: 'marketing_sms',
          granted: false,
          version: null,
          language: null,
          created_at: new Date('2026-02-01T00:00:00Z'),
        },
      ])
      .execute();
    const response = await test.call({ method: 'GET', url: '/api/user/consents', token });
    expect(response.statusCode, response.body).toBe(200);
    // One entry per kind, in the order of the kinds' names.
    expect(response.json().consents).toEqual([
      {
        kind: 'marketing_sms',
        granted: false,
        version: null,
        language: null,
        at: '2026-02-01T00:00:00.000Z',
      },
      { kind: 'terms', granted: true, version: '2026-01-en', language: 'en', at: '2026-02-01T00:00:00.000Z' },
    ]);
  });
});
