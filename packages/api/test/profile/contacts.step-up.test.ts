import type { InjectOptions } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { countMessages, dropSudo, latestCode, stepUp } from '../mfa/helpers';
import { loginOn, stepUpByEmail } from '../security/helpers';
import { createAccount } from '../support/accounts';
import { sharedTestApp } from '../support/test-app';
import { addEmail, freshAddresses, profileSession, proveAddress, startContact } from './helpers';

// Adding an e-mail or phone, or changing one to a new address, gives the account a new login and
// recovery address: it needs a step-up (docs/decisions/0013-step-up-for-contacts.md).

const test = sharedTestApp();

const SUDO_REQUIRED = {
  code: 'sudo_required',
  message: 'Please confirm your identity to continue.',
  requestId: expect.any(String),
};

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
    .select(['id', 'purpose'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** A request refused for want of a step-up: 403 sudo_required, and no message to `recipient`. */
async function expectSudoRequired(response: InjectResponse, recipient?: string) {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toEqual(SUDO_REQUIRED);
  if (recipient) expect(await countMessages(test.database.db, recipient)).toBe(0);
}

/** A session with MFA whose only grant is a single one (a step-up with single=1). */
async function singleGrantSession() {
  const { account, token } = await profileSession(test);
  await dropSudo(test.database.db, token);
  await stepUp(test, token, account, 1);
  return { account, token };
}

type Fresh = ReturnType<typeof freshAddresses>;
/** A session of an account with MFA (its grant dropped), or of one without any MFA method yet. */
async function sessionWithoutGrant(kind: 'mfa' | 'no MFA') {
  if (kind === 'mfa') {
    const { account, token } = await profileSession(test);
    await dropSudo(test.database.db, token);
    return { account, token };
  }
  const account = await createAccount(test.database.db);
  return { account, token: (await loginOn(test, account)).token };
}

// Every way to give the account a new address to log in or recover with, without a grant.
const NEW_WAY_IN: [
  string,
  'mfa' | 'no MFA',
  (fresh: Fresh) => InjectOptions,
  (fresh: Fresh) => string | undefined,
][] = [
  [
    'add an e-mail',
    'mfa',
    (f) => ({ method: 'POST', url: '/api/user/emails', payload: { email: f.email } }),
    (f) => f.email,
  ],
  [
    'add a phone',
    'mfa',
    (f) => ({ method: 'POST', url: '/api/user/phones', payload: { phone: f.phone } }),
    (f) => f.phone,
  ],
  [
    'a first MFA method on a new e-mail',
    'no MFA',
    (f) => ({ method: 'GET', url: `/api/mfa/-2/activate?target=${encodeURIComponent(f.email)}` }),
    (f) => f.email,
  ],
  [
    'a first MFA method on a new phone',
    'no MFA',
    (f) => ({ method: 'GET', url: `/api/mfa/-1/activate?target=${encodeURIComponent(f.phone)}` }),
    (f) => f.phone,
  ],
  [
    'a first authenticator',
    'no MFA',
    () => ({ method: 'GET', url: '/api/mfa/-3/activate' }),
    () => undefined,
  ],
];

describe('contacts need a step-up to add a way into the account', () => {
  it.each(NEW_WAY_IN)(
    '%s (account with %s) without a grant: 403 sudo_required, nothing sent, nothing added',
    async (_name, kind, request, recipient) => {
      const { account, token } = await sessionWithoutGrant(kind);
      const [contacts, challenges] = [await contactsOf(account.id), await challengesOf(account.id)];
      const fresh = freshAddresses();
      await expectSudoRequired(await test.call({ ...request(fresh), token }), recipient(fresh));
      expect(await challengesOf(account.id)).toEqual(challenges);
      expect(await contactsOf(account.id)).toEqual(contacts);
    },
  );

  it('changing a contact to a new address or deleting one needs a grant too; an unchanged one, verify and primary do not', async () => {
    const session = await profileSession(test);
    const { account, token } = session;
    const fresh = freshAddresses();
    const user = await addEmail(test, session, fresh.email);
    const added = user.email.find((e) => e.email === fresh.email);
    await dropSudo(test.database.db, token);

    const next = freshAddresses().email;
    await expectSudoRequired(
      await test.call({
        method: 'PUT',
        url: `/api/user/emails/${added?.id}`,
        token,
        payload: { email: next },
      }),
      next,
    );
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
    // …while deleting a contact needs one, as adding it did.
    await expectSudoRequired(
      await test.call({ method: 'DELETE', url: `/api/user/emails/${added?.id}`, token }),
    );
    expect(await contactsOf(account.id)).toContain(fresh.email);
    await stepUp(test, token, account);
    const removed = await test.call({ method: 'DELETE', url: `/api/user/emails/${added?.id}`, token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await contactsOf(account.id)).not.toContain(fresh.email);
  });

  it('a single grant serves one addition: the next one needs a new step-up; the first still confirms', async () => {
    const { account, token } = await singleGrantSession();
    const first = freshAddresses();
    const started = await startContact(test, token, { email: first.email });
    expect(started.statusCode, started.body).toBe(202);
    const status = await test.call({ method: 'GET', url: '/api/mfa/status', token });
    expect(status.json()).toMatchObject({ sudo: false, single: false });

    await expectSudoRequired(
      await test.call({ method: 'POST', url: '/api/user/phones', token, payload: { phone: first.phone } }),
      first.phone,
    );

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
    const { account, token } = await singleGrantSession();
    for (const payload of [{ email: 'not-an-address' }, { email: account.email }]) {
      const response = await test.call({ method: 'POST', url: '/api/user/emails', token, payload });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('invalid_email');
    }
    const status = await test.call({ method: 'GET', url: '/api/mfa/status', token });
    expect(status.json()).toMatchObject({ sudo: true, single: true });
    const fresh = freshAddresses();
    const response = await startContact(test, token, { phone: fresh.phone });
    expect(response.statusCode, response.body).toBe(202);
  });

  it('an account without MFA steps up with a code to its primary e-mail, then adds the address', async () => {
    const account = await createAccount(test.database.db);
    const { token } = await loginOn(test, account);
    const fresh = freshAddresses();
    await expectSudoRequired(
      await test.call({ method: 'POST', url: '/api/user/emails', token, payload: { email: fresh.email } }),
      fresh.email,
    );

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
  it('needs none for an address the account has proven; after a step-up, a new address becomes its method', async () => {
    const account = await createAccount(test.database.db);
    const { token } = await loginOn(test, account);
    const fresh = freshAddresses();
    // Without a grant, a new address is refused (the table above); its own verified phone is no
    // new way in: no step-up.
    await expectSudoRequired(
      await test.call({
        method: 'GET',
        url: `/api/mfa/-2/activate?target=${encodeURIComponent(fresh.email)}`,
        token,
      }),
      fresh.email,
    );
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
