import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMessages, dropSudo, latestCode, stepUp } from '../mfa/helpers';
import { loginOn, stepUpByEmail } from '../security/helpers';
import { createAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/test-app';
import { freshAddresses, profileSession, proveAddress } from './helpers';

// Adding an e-mail or phone, or changing one to a new address, gives the account a new login and
// recovery address: it needs a step-up (docs/decisions/0013-step-up-for-contacts.md).

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.app.close());

const SUDO_REQUIRED = { code: 'sudo_required', message: 'Please confirm your identity to continue.' };

async function contactsOf(userId: number) {
  const db = test.database.db;
  const emails = await db
    .selectFrom('user_emails')
    .select('address')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const phones = await db
    .selectFrom('user_phones')
    .select('number')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return [...emails.map((row) => row.address), ...phones.map((row) => row.number)];
}

async function challengesOf(userId: number) {
  return test.database.db
    .selectFrom('code_challenges')
    .select('id')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'contact')
    .execute();
}

describe('contacts need a step-up to add a way into the account', () => {
  it('adding an e-mail or a phone without a grant answers 403 sudo_required: nothing sent, nothing added', async () => {
    const { account, token } = await profileSession(test);
    await dropSudo(test.database.db, token);
    const before = await contactsOf(account.id);
    const fresh = freshAddresses();
    for (const [url, payload, recipient] of [
      ['/api/user/emails', { email: fresh.email }, fresh.email],
      ['/api/user/phones', { phone: fresh.phone }, fresh.phone],
    ] as const) {
      const response = await test.call({ method: 'POST', url, token, payload });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual(SUDO_REQUIRED);
      expect(await countMessages(test.database.db, recipient)).toBe(0);
    }
    expect(await challengesOf(account.id)).toEqual([]);
    expect(await contactsOf(account.id)).toEqual(before);
  });

  it('changing a contact to a new address needs a grant too; an unchanged one, verify, delete and primary do not', async () => {
    const session = await profileSession(test);
    const { account, token } = session;
    const fresh = freshAddresses();
    const user = await proveAddress(
      test,
      session,
      { method: 'POST', url: '/api/user/emails', payload: { email: fresh.email } },
      '/api/user/emails/confirm',
      fresh.email,
    );
    const added = user.email.find((e) => e.email === fresh.email);
    await dropSudo(test.database.db, token);

    const next = freshAddresses().email;
    const refused = await test.call({
      method: 'PUT',
      url: `/api/user/emails/${added?.id}`,
      token,
      payload: { email: next },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(SUDO_REQUIRED);
    expect(await countMessages(test.database.db, next)).toBe(0);
    expect(await contactsOf(account.id)).toContain(fresh.email);

    const unchanged = await test.call({
      method: 'PUT',
      url: `/api/user/emails/${added?.id}`,
      token,
      payload: { email: fresh.email },
    });
    expect(unchanged.statusCode).toBe(204);

    // An unverified contact of the account is verified with a code to it, without a grant.
    const unverified = await test.database.db
      .insertInto('user_phones')
      .values({
        user_id: account.id,
        edition: 'general',
        number: freshAddresses().phone,
        is_default: false,
        verified_at: null,
      })
      .returning(['id', 'number'])
      .executeTakeFirstOrThrow();
    const verify = await test.call({
      method: 'POST',
      url: `/api/user/phones/${unverified.id}/verify`,
      token,
    });
    expect(verify.statusCode, verify.body).toBe(202);

    // The primary moves without a grant (it needs an MFA method on the contact: 409 here)…
    const primary = await test.call({ method: 'POST', url: `/api/user/emails/${added?.id}/primary`, token });
    expect(primary.json().code).toBe('primary_needs_mfa');
    // …and a contact is deleted without one.
    const removed = await test.call({ method: 'DELETE', url: `/api/user/emails/${added?.id}`, token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await contactsOf(account.id)).not.toContain(fresh.email);
  });

  it('a single grant serves one addition: the next one needs a new step-up; the first still confirms', async () => {
    const { account, token } = await profileSession(test);
    await dropSudo(test.database.db, token);
    await stepUp(test, token, account, 1);
    const first = freshAddresses();
    const started = await test.call({
      method: 'POST',
      url: '/api/user/emails',
      token,
      payload: { email: first.email },
    });
    expect(started.statusCode, started.body).toBe(202);
    const status = await test.call({ method: 'GET', url: '/api/mfa/status', token });
    expect(status.json()).toMatchObject({ sudo: false, single: false });

    const second = await test.call({
      method: 'POST',
      url: '/api/user/phones',
      token,
      payload: { phone: first.phone },
    });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual(SUDO_REQUIRED);
    expect(await countMessages(test.database.db, first.phone)).toBe(0);

    // The code of the first addition was sent under the grant: it still confirms.
    const confirmed = await test.call({
      method: 'POST',
      url: '/api/user/emails/confirm',
      token,
      payload: { payload: started.json().payload, code: await latestCode(test.database.db, first.email) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await contactsOf(account.id)).toContain(first.email);
    expect(await contactsOf(account.id)).not.toContain(first.phone);
  });

  it('a typo or an address the account has does not use up a single grant', async () => {
    const { account, token } = await profileSession(test);
    await dropSudo(test.database.db, token);
    await stepUp(test, token, account, 1);
    for (const payload of [{ email: 'not-an-address' }, { email: account.email }]) {
      const response = await test.call({ method: 'POST', url: '/api/user/emails', token, payload });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('invalid_email');
    }
    const status = await test.call({ method: 'GET', url: '/api/mfa/status', token });
    expect(status.json()).toMatchObject({ sudo: true, single: true });
    const fresh = freshAddresses();
    const response = await test.call({
      method: 'POST',
      url: '/api/user/phones',
      token,
      payload: { phone: fresh.phone },
    });
    expect(response.statusCode, response.body).toBe(202);
  });

  it('an account without MFA steps up with a code to its primary e-mail, then adds the address', async () => {
    const account = await createAccount(test.database.db);
    const { token } = await loginOn(test, account);
    const fresh = freshAddresses();
    const refused = await test.call({
      method: 'POST',
      url: '/api/user/emails',
      token,
      payload: { email: fresh.email },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(SUDO_REQUIRED);

    await stepUpByEmail(test, token, account, 1);
    const user = await proveAddress(
      test,
      { account: { ...account, methods: {}, totpSecret: '', recoveryKeys: [] }, token },
      { method: 'POST', url: '/api/user/emails', payload: { email: fresh.email } },
      '/api/user/emails/confirm',
      fresh.email,
    );
    expect(user.email.map((e) => e.email)).toContain(fresh.email);
  });
});

describe('the first MFA method of an account without any', () => {
  it('needs a step-up for a new address or an authenticator, none for an address the account has proven', async () => {
    const account = await createAccount(test.database.db);
    const { token } = await loginOn(test, account);
    const fresh = freshAddresses();
    for (const url of [
      `/api/mfa/-2/activate?target=${encodeURIComponent(fresh.email)}`,
      `/api/mfa/-1/activate?target=${encodeURIComponent(fresh.phone)}`,
      '/api/mfa/-3/activate',
    ]) {
      const response = await test.call({ method: 'GET', url, token });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual(SUDO_REQUIRED);
    }
    expect(await countMessages(test.database.db, fresh.email)).toBe(0);
    expect(await countMessages(test.database.db, fresh.phone)).toBe(0);

    // Its own verified phone: no new way in, no step-up.
    const own = await test.call({
      method: 'GET',
      url: `/api/mfa/-1/activate?target=${encodeURIComponent(account.phone)}`,
      token,
    });
    expect(own.statusCode, own.body).toBe(200);

    await stepUpByEmail(test, token, account);
    const added = await test.call({
      method: 'GET',
      url: `/api/mfa/-2/activate?target=${encodeURIComponent(fresh.email)}`,
      token,
    });
    expect(added.statusCode, added.body).toBe(200);
    const confirmed = await test.call({
      method: 'POST',
      url: '/api/mfa/activate',
      token,
      payload: { payload: added.json().payload, code: await latestCode(test.database.db, fresh.email) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await contactsOf(account.id)).toContain(fresh.email);
  });
});
