import { userResponseSchema } from '@vestibule/contract/schemas/user';
import { describe, expect, it } from 'vitest';
import { latestCode } from '../mfa/helpers';
import { addEmailRow } from '../support/accounts';
import { auditEvent, auditKinds } from '../support/rows';
import { attemptLogin, sharedTestApp, submitCode } from '../support/test-app';
import {
  changeLogin,
  freshAddresses,
  messagesTo,
  profileSession,
  proveAddress,
  startContact,
} from './helpers';

const test = sharedTestApp();

describe('profile, contacts, login and IBAN (happy paths)', () => {
  it('PATCH /api/user changes names, gender, birth date and language, and audits it', async () => {
    const { account, token } = await profileSession(test);
    const response = await test.call({
      method: 'PATCH',
      url: '/api/user',
      token,
      payload: {
        firstname: 'Zoé',
        lastname: "D'Hondt",
        gender: 'female',
        birthdate: '1990-04-12',
        language: 'fr',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const user = userResponseSchema.parse(response.json()).data;
    expect(user).toMatchObject({
      firstname: 'Zoé',
      lastname: "D'Hondt",
      gender: 'female',
      birthdate: '1990-04-12',
      language: 'fr',
    });
    expect(user.name).toBe("Zoé D'Hondt");
    const cleared = await test.call({
      method: 'PATCH',
      url: '/api/user',
      token,
      payload: { gender: null, birthdate: null },
    });
    expect(cleared.json().data).toMatchObject({ gender: null, birthdate: null, firstname: 'Zoé' });
    expect(await auditKinds(test.database.db, account.id)).toContain('profile.updated');
  });

  it('adds an e-mail once its code comes back, tells old and new addresses, then updates and deletes it', async () => {
    const session = await profileSession(test);
    const { account } = session;
    const fresh = freshAddresses();
    let user = await proveAddress(
      test,
      session,
      { method: 'POST', url: '/api/user/emails', payload: { email: fresh.email.toUpperCase() } },
      '/api/user/emails/confirm',
      fresh.email,
    );
    const added = user.email.find((e) => e.email === fresh.email);
    expect(added).toMatchObject({ default: false, verified: true });
    expect(user.email[0]?.email).toBe(account.email);
    expect((await messagesTo(test, account.email))[0]?.body_text).toContain('was added to your');
    expect((await messagesTo(test, fresh.email))[0]?.body_text).toContain('/forgot-password');

    const next = freshAddresses().email;
    user = await proveAddress(
      test,
      session,
      { method: 'PUT', url: `/api/user/emails/${added?.id}`, payload: { email: next } },
      '/api/user/emails/confirm',
      next,
    );
    expect(user.email.map((e) => e.email)).toEqual([account.email, next]);
    expect((await messagesTo(test, fresh.email))[0]?.body_text).toContain('was changed to');

    const removed = await test.call({
      method: 'DELETE',
      url: `/api/user/emails/${added?.id}`,
      token: session.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.email.map((e: { email: string }) => e.email)).toEqual([account.email]);
    expect(await auditKinds(test.database.db, account.id)).toEqual(
      expect.arrayContaining(['contact.added', 'contact.updated', 'contact.removed']),
    );
  });

  it('adds a phone typed in the national format, stored as E.164', async () => {
    const session = await profileSession(test);
    const fresh = freshAddresses();
    const national = `0${fresh.phone.slice(3)}`;
    const user = await proveAddress(
      test,
      session,
      { method: 'POST', url: '/api/user/phones', payload: { phone: national } },
      '/api/user/phones/confirm',
      fresh.phone,
    );
    expect(user.phone.map((p) => p.phone)).toContain(fresh.phone);
  });

  it('verifies an unverified contact with a code', async () => {
    const session = await profileSession(test);
    const address = freshAddresses().email;
    const id = await addEmailRow(test.database.db, session.account.id, address, false);
    const user = await proveAddress(
      test,
      session,
      { method: 'POST', url: `/api/user/emails/${id}/verify`, payload: {} },
      '/api/user/emails/confirm',
      address,
    );
    expect(user.email.find((e) => e.id === id)?.verified).toBe(true);
    // Verified already: nothing to do.
    const again = await test.call({
      method: 'POST',
      url: `/api/user/emails/${id}/verify`,
      token: session.token,
    });
    expect(again.statusCode).toBe(204);
  });

  it('moves the primary phone to a verified phone with SMS two-step verification on it', async () => {
    const session = await profileSession(test);
    const { account, token } = session;
    const second = freshAddresses().phone;
    const row = await test.database.db
      .insertInto('user_phones')
      .values({
        user_id: account.id,
        edition: 'general',
        number: second,
        is_default: false,
        verified_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await test.database.db
      .insertInto('mfa_methods')
      .values({ user_id: account.id, method: 'sms', target: second, secret_enc: null, last_totp_step: null })
      .execute();
    const response = await test.call({ method: 'POST', url: `/api/user/phones/${row.id}/primary`, token });
    expect(response.statusCode, response.body).toBe(200);
    const user = userResponseSchema.parse(response.json()).data;
    expect(user.phone[0]).toMatchObject({ phone: second, default: true });
    expect(user.phone[1]).toMatchObject({ phone: account.phone, default: false });
    expect((await messagesTo(test, account.phone))[0]?.body_text).toContain('primary contact');
  });

  it('changes the login e-mail after a step-up: the old address stops logging in, MFA follows', async () => {
    const session = await profileSession(test);
    const { account } = session;
    const next = freshAddresses().email;
    const user = await changeLogin(test, session, next);
    expect(user.email[0]).toMatchObject({ email: next, default: true, verified: true });
    expect(user.email.some((e) => e.email === account.email)).toBe(false);
    const method = await test.database.db
      .selectFrom('mfa_methods')
      .select('target')
      .where('id', '=', account.methods.email as number)
      .executeTakeFirstOrThrow();
    expect(method.target).toBe(next);
    expect((await messagesTo(test, account.email))[0]?.body_text).toContain('The login of your');
    expect((await messagesTo(test, next))[0]?.body_text).toContain('The login of your');
    const oldLogin = await attemptLogin(test, account);
    expect(oldLogin.statusCode).toBe(400);
    expect(await auditKinds(test.database.db, account.id)).toContain('login.changed');
  });

  it('changes the login phone', async () => {
    const session = await profileSession(test);
    const next = freshAddresses().phone;
    const user = await changeLogin(test, session, next);
    expect(user.phone[0]).toMatchObject({ phone: next, default: true });
  });

  it('PUT /api/user/iban stores a SEPA IBAN, tells every verified contact and audits it', async () => {
    const { account, token } = await profileSession(test);
    const response = await test.call({
      method: 'PUT',
      url: '/api/user/iban',
      token,
      payload: { iban: 'lu28 0019 4006 4475 0000' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ iban: 'LU280019400644750000', country: 'LU' });
    for (const recipient of [account.email, account.phone]) {
      const [notice] = await messagesTo(test, recipient);
      expect(notice?.body_text).toContain('0000');
      // The e-mail leads to the recovery page; the SMS carries no link (phishing look-alike).
      if (recipient === account.email) expect(notice?.body_text).toContain('/forgot-password');
      else expect(notice?.body_text).not.toMatch(/https?:|\/forgot-password/);
    }
    const row = await auditEvent(test.database.db, account.id, 'iban.changed');
    expect(row.detail).toEqual({ country: 'LU', last4: '0000' });
  });

  it('a resend through POST /api/mfa/resend replaces the contact code', async () => {
    const session = await profileSession(test);
    const fresh = freshAddresses().email;
    const started = await startContact(test, session.token, { email: fresh });
    const payload = started.json().payload as string;
    await test.database.db
      .updateTable('code_challenges')
      .set({ last_sent_at: new Date(Date.now() - 60_000) })
      .where('id', '=', payload)
      .execute();
    const resent = await test.call({
      method: 'POST',
      url: '/api/mfa/resend',
      token: session.token,
      payload: { payload },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const code = await latestCode(test.database.db, fresh);
    const confirmed = await submitCode(test, '/api/user/emails/confirm', session.token, payload, code);
    expect(confirmed.statusCode).toBe(200);
  });
});
