import { randomUUID } from 'node:crypto';
import type { Response as InjectResponse } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { giveCard } from '../fuzzion/helpers';
import { createMfaAccount, latestCode } from '../mfa/helpers';
import { issueCard, randomCardNumber } from '../onboarding/helpers';
import { forgotPassword, messagesTo, randomIp, verifyResetCode } from '../recovery/helpers';
import { createAccount } from '../support/accounts';
import { createTestApp, sharedTestApp } from '../support/test-app';

/**
 * User enumeration: login and recovery answer an unknown account exactly like a known
 * one — status, headers that matter, body (with ids and times blanked) — and their throttles
 * answer alike too. Nothing is sent for an unknown account. (No timing assertions: the equal
 * argon2id work and the padded recovery answer time are in the code, not measured here.)
 */

const test = sharedTestApp();

let unknownCounter = 0;
function unknownEmail() {
  unknownCounter += 1;
  // Shaped like the test accounts' addresses: answers echo what was typed, masked.
  return `user-${randomUUID().slice(0, 8)}-${unknownCounter}@test.example`;
}
/** A mobile number no account has; `ending` keeps the last two digits the answer shows masked. */
function unknownPhone(ending = '00') {
  unknownCounter += 1;
  const middle = String((process.pid * 7 + unknownCounter * 13 + Date.now()) % 10_000).padStart(4, '0');
  return `+32468${middle}${ending}`;
}

/** What a client can observe of an answer, with ids, times and countdowns blanked. */
function observable(response: InjectResponse) {
  const text = response.body
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>')
    .replace(/"resend_in":\d+/g, '"resend_in":<n>');
  return {
    status: response.statusCode,
    body: text,
    cookie: response.headers['set-cookie'] !== undefined,
    retryAfter: response.headers['retry-after'] !== undefined,
    type: response.headers['content-type'],
  };
}

function tokenRequest(username: string, password: string, remoteAddress = randomIp()) {
  return test.call({ method: 'POST', url: '/api/token', remoteAddress, payload: { username, password } });
}

describe('user enumeration: login', () => {
  it('a wrong password of every kind of known account answers exactly like an unknown account', async () => {
    const db = test.database.db;
    const plain = await createAccount(db);
    const mfa = await createMfaAccount(db, ['sms', 'email']);
    const locked = await createAccount(db, { locked: true });
    const weak = await createAccount(db);
    await db.updateTable('users').set({ password_status: 1 }).where('id', '=', weak.id).execute();
    const luxembourg = await createAccount(db, { edition: 'lu' });
    const reference = observable(await tokenRequest(unknownEmail(), 'Wrong-password-123'));
    expect(reference.status).toBe(400);
    expect(JSON.parse(reference.body)).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid username/password.',
      requestId: '<uuid>',
    });
    for (const [what, username] of [
      ['e-mail', plain.email],
      ['phone', plain.phone],
      ['phone as typed nationally', `0${plain.phone.slice(3)}`],
      ['upper-case e-mail', plain.email.toUpperCase()],
      ['account with MFA', mfa.email],
      ['locked account', locked.email],
      ['weak-password account', weak.email],
      ['account of the other edition', luxembourg.email],
      ['unknown phone', unknownPhone()],
    ] as const) {
      expect(observable(await tokenRequest(username, 'Wrong-password-123')), what).toEqual(reference);
    }
  });

  it('the per-username throttle answers an unknown account like a known one', async () => {
    const known = await createAccount(test.database.db);
    const unknown = unknownEmail();
    const answers = async (username: string) => {
      const seen = [];
      for (let i = 0; i < 6; i++) seen.push(observable(await tokenRequest(username, `Wrong-${i}`)));
      return seen;
    };
    const [forKnown, forUnknown] = await Promise.all([answers(known.email), answers(unknown)]);
    expect(forKnown.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 429]);
    expect(forUnknown).toEqual(forKnown);
  });
});

describe('user enumeration: forgot password', () => {
  it('a known e-mail or phone answers like an unknown one, and only the known one gets a code', async () => {
    const account = await createAccount(test.database.db);
    const extra = () => ({ deviceId: randomUUID(), remoteAddress: randomIp() });
    const missingEmail = unknownEmail();
    const missingPhone = unknownPhone(account.phone.slice(-2));
    // Independent requests (own device and IP each), sent together to keep the run short.
    const [knownEmail, unknownByEmail, knownPhone, unknownByPhone] = (
      await Promise.all(
        [account.email, missingEmail, account.phone, missingPhone].map((username) =>
          forgotPassword(test, username, extra()),
        ),
      )
    ).map(observable);
    expect(knownEmail?.status).toBe(200);
    expect(unknownByEmail).toEqual(knownEmail);
    expect(unknownByPhone).toEqual(knownPhone);
    expect(await messagesTo(test.database.db, account.email)).toHaveLength(1);
    expect(await messagesTo(test.database.db, missingEmail)).toHaveLength(0);
    expect(await messagesTo(test.database.db, missingPhone)).toHaveLength(0);
  });

  it('an unverified contact, a locked account and an exhausted send budget answer like an unknown account', async () => {
    const db = test.database.db;
    const strict = await createTestApp({ RATE_LIMIT_CODES_PER_ACCOUNT: '1' });
    try {
      const account = await createAccount(db);
      const unverified = unknownEmail();
      await db
        .insertInto('user_emails')
        .values({ user_id: account.id, edition: 'general', address: unverified, is_default: false })
        .execute();
      const locked = await createAccount(db, { locked: true });
      const busy = await createAccount(db);
      const call = (username: string) =>
        forgotPassword(strict, username, { deviceId: randomUUID(), remoteAddress: randomIp() });
      // The budget of one code per hour is spent by a first request.
      expect((await call(busy.email)).statusCode).toBe(200);
      const cases = [
        ['unknown account', unknownEmail()],
        ['unverified contact', unverified],
        ['locked account', locked.email],
        ['send budget spent', busy.email],
      ] as const;
      const answers = (await Promise.all(cases.map(([, username]) => call(username)))).map(observable);
      for (const [index, [what]] of cases.entries()) expect(answers[index], what).toEqual(answers[0]);
      expect(await messagesTo(db, unverified)).toHaveLength(0);
      expect(await messagesTo(db, busy.email)).toHaveLength(1);
    } finally {
      await strict.app.close();
    }
  });

  it('resend, wrong codes and the dead request answer alike for known and unknown accounts', async () => {
    const account = await createAccount(test.database.db);
    const run = async (username: string) => {
      const extra = { deviceId: randomUUID(), remoteAddress: randomIp() };
      const started = await forgotPassword(test, username, extra);
      const payload = started.json().payload as string;
      await test.database.db
        .updateTable('code_challenges')
        .set({ last_sent_at: new Date(Date.now() - 10 * 60_000) })
        .where('id', '=', payload)
        .execute();
      const seen = [observable(started)];
      for (const technology of ['SMS', 'EMAIL'])
        seen.push(
          observable(
            await test.call({
              method: 'POST',
              url: '/api/user/forgot-password/resend',
              payload: { payload, technology },
              ...extra,
            }),
          ),
        );
      for (let i = 0; i < 6; i++)
        seen.push(observable(await verifyResetCode(test, payload, '00000000', extra)));
      return seen;
    };
    const [known, unknown] = await Promise.all([run(account.email), run(unknownEmail())]);
    // The second resend meets the countdown (429 with Retry-After): the same for both.
    expect(known.map((answer) => answer.status)).toEqual([200, 200, 429, 422, 422, 422, 422, 422, 410]);
    expect(unknown).toEqual(known);
    // The known account did get its codes, by e-mail then by SMS to its primary phone.
    expect(await latestCode(test.database.db, account.phone)).toMatch(/^\d{8}$/);
  });

  it('the per-username throttle answers an unknown account like a known one', async () => {
    const known = await createAccount(test.database.db);
    const unknown = unknownEmail();
    const answers = async (username: string) => {
      const seen = [];
      for (let i = 0; i < 6; i++)
        seen.push(
          observable(
            await forgotPassword(test, username, { deviceId: randomUUID(), remoteAddress: randomIp() }),
          ),
        );
      return seen;
    };
    const [forKnown, forUnknown] = await Promise.all([answers(known.email), answers(unknown)]);
    expect(forKnown.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(forUnknown).toEqual(forKnown);
  });
});

describe('user enumeration: forgot username', () => {
  it('a card of nobody, a card never issued and a national number of nobody answer the same empty list', async () => {
    const db = test.database.db;
    const holder = await createAccount(db);
    const linked = await giveCard(db, holder.id);
    const call = (identifier_type: 'card' | 'national_register_number', identifier: string) =>
      test.call({
        method: 'POST',
        url: '/api/user/forgot-username',
        remoteAddress: randomIp(),
        payload: { identifier_type, identifier },
      });
    const unlinked = observable(await call('card', await issueCard(db)));
    expect(unlinked.status).toBe(200);
    expect(JSON.parse(unlinked.body)).toEqual({ usernames: [] });
    expect(observable(await call('card', randomCardNumber()))).toEqual(unlinked);
    // A valid Belgian national number (check digits 97 - base mod 97) that no account holds.
    const base = `850730${String(500 + (unknownCounter % 400)).padStart(3, '0')}`;
    const nrn = `${base}${String(97 - Number(BigInt(base) % 97n)).padStart(2, '0')}`;
    expect(observable(await call('national_register_number', nrn))).toEqual(unlinked);
    // The holder of a linked card learns masked usernames only (the feature), never in clear.
    const found = await call('card', linked);
    expect(found.statusCode).toBe(200);
    expect(found.body).not.toContain(holder.email);
    expect(found.body).not.toContain(holder.phone);
  });
});
