import { randomBytes, randomUUID } from 'node:crypto';
import { TRUSTED_DEVICE_COOKIE_BASE_NAME } from '@vestibule/contract/constants';
import { describe, expect, it } from 'vitest';
import {
  createMfaAccount,
  latestCode,
  startChallenge,
  totpCode,
  trustedDeviceCookieOf,
  verifyCode,
} from '../mfa/helpers';
import { issueCard, randomIp, start as startOnboarding, toPasswordStep } from '../onboarding/helpers';
import { createAccount } from '../support/accounts';
import { countRows } from '../support/rows';
import { attemptLogin, login, sharedTestApp } from '../support/test-app';
import { LOGIN_COOKIE, sessionOf, setCookies, tokenWorks } from './helpers';

/**
 * Session fixation: whatever token a browser brings — a cookie or a bearer header set
 * by an attacker, a token the server never issued, the attacker's own live token — every way of
 * getting a session (password login, MFA login, trusted device, TOTP, sign-up) answers a new random
 * token of the account, sets the login cookie to that one, and leaves the planted one as it was.
 */

const test = sharedTestApp();

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** What an attacker can plant: a value of their choice, and their own live session token. */
async function plantedTokens() {
  const attacker = await createAccount(test.database.db);
  const own = await login(test, attacker.email, attacker.password);
  return { attacker, chosen: randomBytes(32).toString('base64url'), own };
}

/** The new session: its token is fresh, the account's, and the login cookie carries it. */
async function expectFreshSession(
  response: { statusCode: number; body: string; json(): { access_token?: string } },
  userId: number,
  planted: string[],
  options: { cookie?: boolean } = { cookie: true },
) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const token = response.json().access_token as string;
  expect(token).toMatch(TOKEN_SHAPE);
  for (const value of planted) expect(token).not.toBe(value);
  expect((await sessionOf(test.database.db, token))?.user_id).toBe(userId);
  if (options.cookie) {
    const cookie = setCookies(response as never).find((c) => c.name === LOGIN_COOKIE);
    expect(cookie?.value).toBe(token);
  }
  return token;
}

describe('session fixation: a new token at every login', () => {
  it('password login: a planted cookie and bearer are ignored, neither is adopted nor changed', async () => {
    const { attacker, chosen, own } = await plantedTokens();
    const victim = await createAccount(test.database.db);
    for (const planted of [chosen, own]) {
      const response = await attemptLogin(test, victim, {
        token: planted,
        cookies: { [LOGIN_COOKIE]: planted },
      });
      const token = await expectFreshSession(response, victim.id, [chosen, own]);
      // The new cookie resumes the victim's new session, not the planted one.
      const resumed = await test.call({
        method: 'POST',
        url: '/api/token/resume',
        cookies: { [LOGIN_COOKIE]: token },
      });
      expect(resumed.json().access_token).toBe(token);
    }
    // The value the attacker chose never became a session; theirs is still theirs alone.
    expect(await sessionOf(test.database.db, chosen)).toBeUndefined();
    expect(await tokenWorks(test, chosen)).toBe(false);
    expect((await sessionOf(test.database.db, own))?.user_id).toBe(attacker.id);
  });

  it('each login answers a token of its own: no reuse across logins, devices or requests', async () => {
    const victim = await createAccount(test.database.db);
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await attemptLogin(test, victim, { deviceId: i === 2 ? randomUUID() : undefined });
      tokens.add(await expectFreshSession(response, victim.id, [...tokens]));
    }
    expect(tokens.size).toBe(3);
    expect(await countRows(test.database.db, 'sessions', victim.id)).toBe(3);
  });

  it('MFA login: the login payload and challenge are not sessions, the code opens a new token', async () => {
    const { chosen, own } = await plantedTokens();
    const victim = await createMfaAccount(test.database.db, ['email', 'sms']);
    const password = await attemptLogin(test, victim, { cookies: { [LOGIN_COOKIE]: chosen } });
    expect(password.statusCode).toBe(401);
    // No session yet, and no cookie: half a login is worth nothing.
    expect(setCookies(password)).toEqual([]);
    const payload = password.json().mfa.payload as string;
    const started = await startChallenge(test, { mfaId: victim.methods.email!, payload });
    const challenge = started.json().payload as string;
    for (const value of [payload, challenge]) {
      expect(
        (await test.call({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${value}` } }))
          .statusCode,
      ).toBe(401);
    }
    const code = await latestCode(test.database.db, victim.email);
    const verified = await test.call({
      method: 'POST',
      url: '/api/mfa/sudo',
      token: own,
      cookies: { [LOGIN_COOKIE]: own },
      payload: { payload: challenge, code },
    });
    await expectFreshSession(verified, victim.id, [chosen, own, payload, challenge, code]);
  });

  it('TOTP and trusted-device logins answer new tokens too', async () => {
    const { chosen } = await plantedTokens();
    const victim = await createMfaAccount(test.database.db, ['totp', 'email']);
    const device = randomUUID();
    const password = await attemptLogin(test, victim, { deviceId: device });
    const started = await startChallenge(
      test,
      { mfaId: victim.methods.totp!, payload: password.json().mfa.payload },
      { deviceId: device },
    );
    const viaTotp = await verifyCode(
      test,
      { payload: started.json().payload, code: await totpCode(victim.totpSecret), isTrustedDevice: true },
      { deviceId: device },
    );
    const first = await expectFreshSession(viaTotp, victim.id, [chosen]);
    // The device is trusted now: the password alone logs in, with yet another token.
    const trusted = await test.call({
      method: 'POST',
      url: '/api/token',
      deviceId: device,
      cookies: {
        [LOGIN_COOKIE]: first,
        [TRUSTED_DEVICE_COOKIE_BASE_NAME]: trustedDeviceCookieOf(viaTotp) ?? '',
      },
      token: first,
      payload: { username: victim.email, password: victim.password },
    });
    const second = await expectFreshSession(trusted, victim.id, [chosen, first]);
    expect(await tokenWorks(test, first)).toBe(true);
    expect(second).not.toBe(first);
  });

  it('sign-up: the account opens with a new token, whatever the browser brought', async () => {
    const { chosen, own } = await plantedTokens();
    const extra = { remoteAddress: randomIp(), deviceId: randomUUID() };
    const flow = (await startOnboarding(test, 'card', await issueCard(test.database.db), extra)).json();
    await toPasswordStep(test, flow, extra);
    const response = await test.call({
      method: 'POST',
      url: '/api/onboarding/complete',
      payload: { flow: flow.id, password: 'Blue-harbour-lantern-42' },
      token: own,
      cookies: { [LOGIN_COOKIE]: chosen },
      ...extra,
    });
    const row = await test.database.db
      .selectFrom('onboarding_flows')
      .select('user_id')
      .where('id', '=', flow.id)
      .executeTakeFirstOrThrow();
    await expectFreshSession(response, row.user_id as number, [chosen, own], { cookie: false });
    // The answer never sets the planted value as the login cookie.
    for (const cookie of setCookies(response)) expect(cookie.value).not.toBe(chosen);
  });

  it('a token the server did not issue opens nothing, on any route that takes a session', async () => {
    const chosen = randomBytes(32).toString('base64url');
    for (const request of [
      test.call({ method: 'GET', url: '/api/user', token: chosen }),
      test.call({ method: 'DELETE', url: '/api/token', token: chosen }),
    ])
      expect((await request).statusCode).toBe(401);
    // As a login cookie it resumes nothing: 204 without a token (decision 0056).
    const resumed = await test.call({
      method: 'POST',
      url: '/api/token/resume',
      cookies: { [LOGIN_COOKIE]: chosen },
    });
    expect(resumed.statusCode).toBe(204);
    expect(resumed.body).toBe('');
  });
});
