import { describe, expect, it } from 'vitest';
import { dropSudo, latestCode } from '../mfa/helpers';
import { addEmailRow, createAccount } from '../support/accounts';
import { expectApiError } from '../support/api-error';
import { countRows } from '../support/rows';
import { sharedTestApp, submitCode } from '../support/test-app';
import { freshAddresses, profileSession, startContact } from './helpers';

const test = sharedTestApp();

const INVALID_EMAIL = { code: 'invalid_email', message: 'This email is invalid or already used' };
const INVALID_PHONE = { code: 'invalid_phone', message: 'This phone number is invalid or already used' };

describe('profile, contacts, login and IBAN (sad paths)', () => {
  it('PATCH /api/user refuses bad names, future birth dates and languages of the other edition', async () => {
    const { token } = await profileSession(test);
    for (const payload of [
      { firstname: '' },
      { lastname: '<script>' },
      { birthdate: '2999-01-01' },
      { birthdate: '1990-02-30' },
      { language: 'fr_LU' },
      { gender: 'x' },
      { iban: 'BE68539007547034' },
    ]) {
      const response = await test.call({ method: 'PATCH', url: '/api/user', token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().code).toBe('validation_failed');
    }
  });

  it('refuses the last e-mail and the last phone (409 contact_minimum)', async () => {
    const { account, token } = await profileSession(test);
    const user = (await test.call({ method: 'GET', url: '/api/user', token })).json().data;
    for (const url of [`/api/user/emails/${user.email[0].id}`, `/api/user/phones/${user.phone[0].id}`]) {
      const response = await test.call({ method: 'DELETE', url, token });
      expectApiError(
        response,
        409,
        'contact_minimum',
        'You must keep at least one email address and one phone number.',
      );
    }
    expect(await countRows(test.database.db, 'user_emails', account.id)).toBe(1);
  });

  it('refuses to delete or replace the primary contact, or one that sends MFA codes', async () => {
    const { account, token } = await profileSession(test);
    const db = test.database.db;
    const extra = freshAddresses().phone;
    const row = await db
      .insertInto('user_phones')
      .values({
        user_id: account.id,
        edition: 'general',
        number: extra,
        is_default: false,
        verified_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const primary = await db
      .selectFrom('user_phones')
      .select('id')
      .where('user_id', '=', account.id)
      .where('is_default', '=', true)
      .executeTakeFirstOrThrow();
    expect(
      (await test.call({ method: 'DELETE', url: `/api/user/phones/${primary.id}`, token })).json().code,
    ).toBe('contact_is_primary');
    expect(
      (
        await test.call({
          method: 'PUT',
          url: `/api/user/phones/${primary.id}`,
          token,
          payload: { phone: freshAddresses().phone },
        })
      ).json().code,
    ).toBe('contact_is_primary');
    await db
      .insertInto('mfa_methods')
      .values({ user_id: account.id, method: 'sms', target: extra, secret_enc: null, last_totp_step: null })
      .execute();
    const response = await test.call({ method: 'DELETE', url: `/api/user/phones/${row.id}`, token });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('contact_used_by_mfa');
  });

  it('moves the primary only to a verified contact with two-step verification on it', async () => {
    const { account, token } = await profileSession(test);
    const db = test.database.db;
    const unverified = await addEmailRow(db, account.id, freshAddresses().email, false);
    const withoutMfa = await addEmailRow(db, account.id, freshAddresses().email, true);
    for (const id of [unverified, withoutMfa]) {
      const response = await test.call({ method: 'POST', url: `/api/user/emails/${id}/primary`, token });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('primary_needs_mfa');
      expect(response.json().message).toContain('Security tab');
    }
    const primary = await db
      .selectFrom('user_emails')
      .select('address')
      .where('user_id', '=', account.id)
      .where('is_default', '=', true)
      .executeTakeFirstOrThrow();
    expect(primary.address).toBe(account.email);
  });

  // Another account's address in POST /api/user/{emails,phones} offers a merge instead
  // (docs/decisions/0012-fuzzion.md, test/fuzzion/contacts.test.ts).
  it('answers the duplicate texts for an address this account has (or another has, for the login), and for invalid ones', async () => {
    const { account, token } = await profileSession(test);
    const other = await createAccount(test.database.db);
    const cases = [
      { url: '/api/user/emails', payload: { email: account.email }, ...INVALID_EMAIL },
      { url: '/api/user/emails', payload: { email: 'not-an-address' }, ...INVALID_EMAIL },
      { url: '/api/user/phones', payload: { phone: '12' }, ...INVALID_PHONE },
      { url: '/api/user/login', payload: { login: other.email }, ...INVALID_EMAIL },
      { url: '/api/user/login', payload: { login: 'abc' }, ...INVALID_PHONE },
    ];
    for (const c of cases) {
      const response = await test.call({ method: 'POST', url: c.url, token, payload: c.payload });
      expect(response.statusCode, JSON.stringify(c)).toBe(422);
      expect(response.json()).toEqual({ code: c.code, message: c.message, requestId: expect.any(String) });
    }
  });

  it('an address taken by another account while its code was on the way is not added: a merge is offered (0012)', async () => {
    const { token } = await profileSession(test);
    const address = freshAddresses().email;
    const started = await startContact(test, token, { email: address });
    const code = await latestCode(test.database.db, address);
    const other = await createAccount(test.database.db);
    await addEmailRow(test.database.db, other.id, address, true);
    const response = await submitCode(test, '/api/user/emails/confirm', token, started.json().payload, code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ fuzzion: true, method: 'email', target: address });
    const owners = await test.database.db
      .selectFrom('user_emails')
      .select('user_id')
      .where('address', '=', address)
      .execute();
    expect(owners).toEqual([{ user_id: other.id }]);
  });

  it("answers 404 for another user's contact on every contact route", async () => {
    const { token } = await profileSession(test);
    const stranger = await profileSession(test);
    const theirs = (await test.call({ method: 'GET', url: '/api/user', token: stranger.token })).json().data;
    const email = theirs.email[0].id;
    const phone = theirs.phone[0].id;
    const calls = [
      test.call({ method: 'DELETE', url: `/api/user/emails/${email}`, token }),
      test.call({
        method: 'PUT',
        url: `/api/user/emails/${email}`,
        token,
        payload: { email: freshAddresses().email },
      }),
      test.call({ method: 'POST', url: `/api/user/emails/${email}/primary`, token }),
      test.call({ method: 'POST', url: `/api/user/emails/${email}/verify`, token }),
      test.call({ method: 'DELETE', url: `/api/user/phones/${phone}`, token }),
      test.call({ method: 'POST', url: `/api/user/phones/${phone}/primary`, token }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
  });

  it('a code confirms only its own kind, session and purpose; a wrong code is 422', async () => {
    const session = await profileSession(test);
    const other = await profileSession(test);
    const address = freshAddresses().email;
    const started = await startContact(test, session.token, { email: address });
    const payload = started.json().payload as string;
    const code = await latestCode(test.database.db, address);
    const wrong = await test.call({
      method: 'POST',
      url: '/api/user/emails/confirm',
      token: session.token,
      payload: { payload, code: code === '00000000' ? '11111111' : '00000000' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('invalid_code');
    for (const [url, token] of [
      ['/api/user/phones/confirm', session.token],
      ['/api/user/login/confirm', session.token],
      ['/api/user/emails/confirm', other.token],
    ] as const) {
      const response = await test.call({ method: 'POST', url, token, payload: { payload, code } });
      expect(response.statusCode, url).toBe(410);
    }
    const right = await submitCode(test, '/api/user/emails/confirm', session.token, payload, code);
    expect(right.statusCode).toBe(200);
  });

  it('login change and IBAN answer 403 sudo_required without a step-up', async () => {
    const { account, token } = await profileSession(test);
    await dropSudo(test.database.db, token);
    const calls = [
      await test.call({
        method: 'POST',
        url: '/api/user/login',
        token,
        payload: { login: freshAddresses().email },
      }),
      await test.call({ method: 'PUT', url: '/api/user/iban', token, payload: { iban: 'BE68539007547034' } }),
    ];
    for (const response of calls) {
      expectApiError(response, 403, 'sudo_required', 'Please confirm your identity to continue.');
    }
    const user = await test.database.db
      .selectFrom('users')
      .select('iban')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(user.iban).toBeNull();
  });

  it('refuses invalid IBANs and IBANs of countries outside SEPA (422 invalid_iban)', async () => {
    const { token } = await profileSession(test);
    for (const iban of [
      'BE68539007547035',
      'hello',
      'UA213223130000026007233566001',
      'SA0380000000608010167519',
    ]) {
      const response = await test.call({ method: 'PUT', url: '/api/user/iban', token, payload: { iban } });
      expect(response.statusCode, iban).toBe(422);
      expect(response.json()).toEqual({
        code: 'invalid_iban',
        message: 'The provided IBAN is invalid.',
        requestId: expect.any(String),
      });
    }
  });

  it('every profile route needs a session', async () => {
    for (const [method, url] of [
      ['PATCH', '/api/user'],
      ['POST', '/api/user/emails'],
      ['PUT', '/api/user/iban'],
      ['POST', '/api/user/login'],
    ] as const) {
      const response = await test.call({ method, url, payload: {} });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
