import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger';
import {
  createMfaAccount,
  latestCode,
  passwordStep,
  startChallenge,
  totpCode,
  verifyCode,
} from '../mfa/helpers';
import { pkcePair, registerClient } from '../oauth/helpers';
import { startContact } from '../profile/helpers';
import { invitationCodeTo, scimCompany, scimUser } from '../scim/helpers';
import { createAccount } from '../support/accounts';
import { attemptLogin, sharedTestApp } from '../support/test-app';
import { setCookies } from './helpers';

/**
 * No password, code, token or secret in any log line, for the API test run: the
 * product's logger (createLogger, level info, its redaction and serializers) writes into memory
 * while the flows that handle secrets run — password, MFA (SMS, e-mail, TOTP, recovery key) and
 * step-up, recovery and reset, password change, contacts, OAuth (code, tokens, refresh,
 * introspection, userinfo) and requests whose bodies carry secrets but fail. Then every line is
 * searched for every secret the run saw. The end-to-end run is scanned by e2e/support/log-hygiene.
 */

const lines: string[] = [];
const log = createLogger('info');
// The logger's own destination, replaced by memory: redaction and serializers stay the product's.
(log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = {
  write: (line: string) => {
    lines.push(line);
  },
};
const test = sharedTestApp({ LOG_LEVEL: 'info' }, { log });

/** Everything secret the flows below handle; none may appear in a log line. */
const secrets = new Set<string>();
function secret<T extends string | undefined>(value: T): T {
  if (value && value.length >= 6) secrets.add(value);
  return value;
}

const FORBIDDEN: [string, RegExp][] = [
  ['a bearer token or authorization header', /bearer |"authorization"/i],
  ['an access, refresh or reset token field', /access_token|refresh_token|reset_token|"token":"[^"[]/i],
  ['a cookie header', /"cookie"|"set-cookie"/i],
  ['a password field', /"(current_)?password":"(?!\[redacted\])/i],
  ['an 8-digit one-time code', /(?<![\d.])\d{8}(?![\d.])/],
];

describe('log hygiene of the API', () => {
  it('the flows that handle secrets leave none in the log', async () => {
    const db = test.database.db;
    // Password login, right and wrong, and a body that fails to parse with a password in it.
    const account = await createAccount(db);
    secret(account.password);
    const wrong = secret('Wrong-password-Zebra-42');
    await test.call({
      method: 'POST',
      url: '/api/token',
      payload: { username: account.email, password: wrong },
    });
    await test.call({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'application/json' },
      payload: `{"username":"${account.email}","password":"${account.password}"`,
    });
    await test.call({
      method: 'POST',
      url: '/api/token',
      payload: { username: account.email, password: account.password, extra: account.password },
    });
    const loggedIn = await attemptLogin(test, account);
    const token = secret(loggedIn.json().access_token as string);
    for (const cookie of setCookies(loggedIn)) secret(cookie.value);
    await test.call({ method: 'POST', url: '/api/token/resume', cookies: { login_token: token } });
    await test.call({ method: 'GET', url: `/api/user?token=${token}`, token });

    // MFA login by SMS, e-mail, authenticator and recovery key, with a wrong code first.
    const mfa = await createMfaAccount(db, ['sms', 'email', 'totp']);
    secret(mfa.password);
    secret(mfa.totpSecret);
    for (const key of mfa.recoveryKeys) secret(key);
    for (const [kind, recipient] of [
      ['sms', mfa.phone],
      ['email', mfa.email],
      ['totp', undefined],
      ['recovery', undefined],
    ] as const) {
      const deviceId = randomUUID();
      const flow = await passwordStep(test, mfa, deviceId);
      secret(flow.payload);
      const started = await startChallenge(
        test,
        {
          mfaId: mfa.methods[kind === 'recovery' ? 'totp' : kind]!,
          payload: flow.payload,
          ...(kind === 'recovery' ? { method: 'totpRecovery' as const } : {}),
        },
        { deviceId },
      );
      const payload = secret(started.json().payload as string);
      const code = secret(
        recipient
          ? await latestCode(db, recipient)
          : kind === 'totp'
            ? await totpCode(mfa.totpSecret)
            : mfa.recoveryKeys[0]!,
      );
      await verifyCode(test, { payload, code: kind === 'totp' ? '000000' : '00000000' }, { deviceId });
      const verified = await verifyCode(test, { payload, code }, { deviceId });
      expect(verified.statusCode, `${kind}: ${verified.body}`).toBe(200);
      secret(verified.json().access_token);
    }

    // Step-up (a code to the primary e-mail: no MFA method), password change, a new contact.
    const sudo = await startChallenge(test, { mfaId: -2 }, { token });
    const sudoPayload = secret(sudo.json().payload as string);
    const sudoCode = secret(await latestCode(db, account.email));
    expect((await verifyCode(test, { payload: sudoPayload, code: sudoCode }, { token })).statusCode).toBe(
      200,
    );
    const newPassword = secret('Quiet-harbour-lantern-77');
    const changed = await test.call({
      method: 'POST',
      url: '/api/user/password',
      token,
      payload: { current_password: account.password, password: newPassword, end_other_sessions: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const address = `log-${randomUUID().slice(0, 8)}@test.example`;
    const contact = await startContact(test, token, { email: address });
    const contactPayload = secret(contact.json().payload as string);
    const contactCode = secret(await latestCode(db, address));
    await test.call({
      method: 'POST',
      url: '/api/user/emails/confirm',
      token,
      payload: { payload: contactPayload, code: contactCode },
    });

    // Forgot password, code, reset.
    const recoveryDevice = { deviceId: randomUUID() };
    const forgot = await test.call({
      method: 'POST',
      url: '/api/user/forgot-password',
      payload: { username: account.email },
      ...recoveryDevice,
    });
    const recoveryPayload = secret(forgot.json().payload as string);
    const recoveryCode = secret(await latestCode(db, account.email));
    const verified = await test.call({
      method: 'POST',
      url: '/api/user/forgot-password/verify',
      payload: { payload: recoveryPayload, code: recoveryCode },
      ...recoveryDevice,
    });
    const resetToken = secret(verified.json().reset_token as string);
    const resetPassword = secret('Silver-orchard-window-58');
    const reset = await test.call({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { reset_token: resetToken, password: resetPassword },
      ...recoveryDevice,
    });
    expect(reset.statusCode, reset.body).toBe(200);

    // OAuth: authorization, consent, code, tokens, refresh, userinfo, introspection.
    const client = await registerClient(db);
    secret(client.secret);
    const user = await createAccount(db);
    const bearer = secret(
      (
        await test.call({
          method: 'POST',
          url: '/api/token',
          payload: { username: user.email, password: secret(user.password) },
        })
      ).json().access_token as string,
    );
    const { verifier, challenge } = pkcePair();
    secret(verifier);
    const started = await test.call({
      method: 'GET',
      url: `/oauth/auth?${new URLSearchParams({
        client_id: client.clientId,
        redirect_uri: client.redirectUri,
        response_type: 'code',
        scope: 'openid profile offline_access',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      })}`,
      deviceId: null,
    });
    // The interaction cookies hold its uid, which is in URLs by design (it is worthless without the
    // signed cookie); their signatures and the provider's session cookie are secrets.
    const jar = Object.fromEntries(
      setCookies(started).map((c) => [
        c.name,
        /^_interaction(_resume)?$/.test(c.name) ? c.value : secret(c.value),
      ]),
    );
    const uid = new URL(started.headers.location as string, 'http://localhost').searchParams.get('uid');
    const approval = await test.call({
      method: 'POST',
      url: '/api/authorize',
      token: bearer,
      cookies: jar,
      payload: { uid, decision: 'accept' },
    });
    const resumed = await test.call({
      method: 'GET',
      url: approval.json().target,
      deviceId: null,
      cookies: jar,
    });
    for (const cookie of setCookies(resumed))
      if (!cookie.name.startsWith('_interaction')) secret(cookie.value);
    const code = secret(new URL(resumed.headers.location as string).searchParams.get('code')!);
    const basic = `Basic ${Buffer.from(`${client.clientId}:${client.secret}`).toString('base64')}`;
    const form = (params: Record<string, string>) => ({
      deviceId: null,
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(params).toString(),
    });
    const tokens = await test.call({
      method: 'POST',
      url: '/oauth/token',
      ...form({
        grant_type: 'authorization_code',
        code,
        redirect_uri: client.redirectUri,
        code_verifier: verifier,
      }),
    });
    expect(tokens.statusCode, tokens.body).toBe(200);
    const access = secret(tokens.json().access_token as string);
    const refreshToken = secret(tokens.json().refresh_token as string);
    secret(tokens.json().id_token as string);
    const refreshed = await test.call({
      method: 'POST',
      url: '/oauth/token',
      ...form({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    });
    secret(refreshed.json().access_token as string);
    secret(refreshed.json().refresh_token as string);
    // A reused refresh token (an error path of the provider) and a wrong client secret.
    await test.call({
      method: 'POST',
      url: '/oauth/token',
      ...form({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    });
    await test.call({
      method: 'POST',
      url: '/oauth/token',
      deviceId: null,
      headers: {
        authorization: `Basic ${Buffer.from(`${client.clientId}:${secret('wrong-client-secret-123')}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
    });
    await test.call({
      method: 'GET',
      url: '/oauth/me',
      deviceId: null,
      headers: { authorization: `Bearer ${access}` },
    });
    await test.call({ method: 'POST', url: '/oauth/token/introspection', ...form({ token: access }) });
    await test.call({
      method: 'GET',
      url: `/oauth/auth?client_id=${client.clientId}&redirect_uri=${access}`,
      deviceId: null,
    });

    // SCIM: the company token, an invitation it sends (its code) and a filter naming an address.
    const company = await scimCompany(db);
    secret(company.token);
    const invited = scimUser();
    // A personal identifier, not a secret, but a log line has no use for it either.
    secret(invited.userName);
    const scim = (method: 'GET' | 'POST', url: string, payload?: unknown, token = company.token) =>
      test.app.inject({
        method,
        url: `/scim/v2${url}`,
        headers: {
          host: 'localhost:3000',
          authorization: `Bearer ${token}`,
          'content-type': 'application/scim+json',
        },
        payload: payload === undefined ? undefined : JSON.stringify(payload),
      });
    await scim('POST', '/Users', invited);
    secret(await invitationCodeTo(db, invited.userName));
    await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${invited.userName}"`)}`);
    await scim('GET', '/Users', undefined, secret(`scim_${randomUUID()}`));
    await scim('POST', '/Users', '{"password": "not json');

    // The scan: the logger did write (request lines), and no line holds any secret.
    expect(lines.length).toBeGreaterThan(50);
    expect(lines.some((line) => line.includes('"statusCode":200'))).toBe(true);
    const findings: string[] = [];
    for (const [index, line] of lines.entries()) {
      // Numbers every line carries (time, pid, duration, the request's UUID) are no codes.
      const text = line.replace(
        /"time":"?[\dT:.Z-]+"?|"pid":\d+|"responseTime":[\d.]+|"requestId":"[\w.:-]+"/g,
        '',
      );
      for (const value of secrets)
        if (text.includes(value)) findings.push(`line ${index}: a secret value: ${line.slice(0, 200)}`);
      for (const [what, pattern] of FORBIDDEN)
        if (pattern.test(text)) findings.push(`line ${index}: ${what}: ${line.slice(0, 200)}`);
    }
    expect(findings).toEqual([]);
    expect(secrets.size).toBeGreaterThan(30);
  });
});
