import { errorBodySchema } from '@vestibule/contract/schemas/common';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/seed';
import { createAccount } from '../support/accounts';
import { expectApiError } from '../support/api-error';
import { createTestApp, login, sharedTestApp, type TestApp } from '../support/test-app';

const test = sharedTestApp();

function tokenRequest(payload: unknown, extra: Parameters<TestApp['call']>[0] = {}) {
  return test.call({
    method: 'POST',
    url: '/api/token',
    payload: payload as Record<string, string>,
    ...extra,
  });
}

describe('POST /api/token (sad paths)', () => {
  it('answers 400 invalid_credentials with the SPEC text for a wrong password', async () => {
    const account = await createAccount(test.database.db);
    const response = await tokenRequest({ username: account.email, password: 'wrong-password' });
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json())).toEqual({
      requestId: expect.any(String),
      code: 'invalid_credentials',
      message: 'Invalid username/password.',
    });
  });

  it('answers an unknown account exactly like a wrong password (no enumeration)', async () => {
    const unknown = await tokenRequest({ username: 'nobody-here@test.example', password: 'whatever-123' });
    expectApiError(unknown, 400, 'invalid_credentials', 'Invalid username/password.');
  });

  it('translates the message in the request language', async () => {
    const response = await tokenRequest(
      { username: 'nobody-fr@test.example', password: 'whatever-123' },
      { headers: { 'accept-language': 'fr-BE,fr;q=0.9' } },
    );
    expect(response.json().message).toBe("Nom d'utilisateur ou mot de passe invalide.");
  });

  it('weighs Accept-Language by q, not by order: `en;q=0.1, fr;q=0.9` is answered in French', async () => {
    const response = await tokenRequest(
      { username: 'nobody-q@test.example', password: 'whatever-123' },
      { headers: { 'accept-language': 'en;q=0.1, fr;q=0.9' } },
    );
    expect(response.json().message).toBe("Nom d'utilisateur ou mot de passe invalide.");
  });

  it('does not let a general-edition account log in on the Luxembourg host', async () => {
    const response = await tokenRequest(
      { username: 'employee@demo.test', password: DEMO_PASSWORD },
      { host: 'lu.localhost' },
    );
    expect(response.statusCode).toBe(400);
  });

  it('refuses a general-edition token on the Luxembourg host', async () => {
    const token = await login(test, 'employee@demo.test', DEMO_PASSWORD);
    const response = await test.call({ method: 'GET', url: '/api/user', token, host: 'lu.localhost' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 429 with Retry-After after 5 attempts on one username, even with the right password', async () => {
    const account = await createAccount(test.database.db);
    for (let i = 0; i < 5; i++) {
      expect((await tokenRequest({ username: account.email, password: 'wrong' })).statusCode).toBe(400);
    }
    const blocked = await tokenRequest({ username: account.email, password: account.password });
    expectApiError(blocked, 429, 'too_many_attempts', 'Too many attempts. Please try again later.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits attempts per client IP across usernames', async () => {
    const strict = await createTestApp({ RATE_LIMIT_LOGIN_PER_IP: '3' });
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await strict.call({
        method: 'POST',
        url: '/api/token',
        remoteAddress: ip,
        payload: { username: `ip-test-${i}@test.example`, password: 'x-wrong' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    await strict.app.close();
  });

  it('counts nothing against an account while the client IP is over its limit (decision 0063)', async () => {
    const strict = await createTestApp({ RATE_LIMIT_LOGIN_PER_IP: '3' });
    const account = await createAccount(strict.database.db);
    const ip = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const attempt = (remoteAddress: string, password: string) =>
      strict.call({
        method: 'POST',
        url: '/api/token',
        remoteAddress,
        payload: { username: account.email, password },
      });
    for (let i = 0; i < 3; i++) expect((await attempt(ip, 'x-wrong')).statusCode).toBe(400);
    // The address is spent: these are refused before the account's counter is touched.
    for (let i = 0; i < 3; i++) expect((await attempt(ip, 'x-wrong')).statusCode).toBe(429);
    // From elsewhere the account has its fifth try left (three counted), then the limit holds.
    expect((await attempt('10.7.0.1', 'x-wrong')).statusCode).toBe(400);
    expect((await attempt('10.7.0.2', account.password)).statusCode).toBe(200);
    await strict.app.close();
  });

  it('answers 423 for a locked account with the right password only', async () => {
    const account = await createAccount(test.database.db, { locked: true });
    expect((await tokenRequest({ username: account.email, password: 'wrong' })).statusCode).toBe(400);
    expect((await tokenRequest({ username: account.email, password: account.password })).json().code).toBe(
      'account_locked',
    );
  });

  it.each([
    ['missing password', { username: 'a@b.test' }],
    ['unknown field', { username: 'a@b.test', password: 'x', admin: true }],
    ['wrong type', { username: 42, password: ['x'] }],
    ['empty username', { username: '', password: 'x' }],
  ])('answers 422 validation_failed for %s', async (_name, payload) => {
    const response = await tokenRequest(payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
    expect(response.json().fields).toBeTypeOf('object');
  });

  it.each([
    ['400 bad_request for malformed JSON', 'application/json', '{"username":', 400, 'bad_request'],
    ['415 for an unsupported content type', 'text/xml', '<a/>', 415, 'unsupported_media_type'],
  ])('answers %s', async (_name, type, body, status, code) => {
    const response = await tokenRequest(body, { headers: { 'content-type': type } });
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });

  it('a malformed form body never gives 5xx', async () => {
    const form = await tokenRequest('%%%=&&username[]=1', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBeGreaterThanOrEqual(400);
    expect(form.statusCode).toBeLessThan(500);
  });

  it('answers 413 payload_too_large for a huge body', async () => {
    const response = await tokenRequest({ username: 'a@b.test', password: 'x'.repeat(200_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('payload_too_large');
  });

  it('answers 400 missing_device_id without X-Device-ID, or with one that is not a UUID', async () => {
    const none = await tokenRequest({ username: 'a@b.test', password: 'x' }, { deviceId: null });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('missing_device_id');
    const bad = await tokenRequest({ username: 'a@b.test', password: 'x' }, { deviceId: 'not-a-uuid' });
    expect(bad.json().code).toBe('missing_device_id');
  });

  it('answers 421 unknown_host for a malformed Host header', async () => {
    const response = await tokenRequest({ username: 'a@b.test', password: 'x' }, { host: 'evil host/<x>' });
    expect(response.statusCode).toBe(421);
    expect(response.json().code).toBe('unknown_host');
  });

  it('answers 421 for a host outside ALLOWED_HOSTS when it is set', async () => {
    const strict = await createTestApp({ ALLOWED_HOSTS: 'localhost,lu.localhost' });
    const response = await strict.call({ method: 'GET', url: '/api/status', host: 'attacker.example' });
    expect(response.statusCode).toBe(421);
    await strict.app.close();
  });

  it('answers 401 for GET /api/user without a token or with a forged one', async () => {
    expect((await test.call({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const forged = await test.call({ method: 'GET', url: '/api/user', token: 'A'.repeat(43) });
    expect(forged.statusCode).toBe(401);
    const garbage = await test.call({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: 'Bearer ../../etc' },
    });
    expect(garbage.statusCode).toBe(401);
  });

  it('answers 204 without a body for POST /api/token/resume without any login cookie', async () => {
    const response = await test.call({ method: 'POST', url: '/api/token/resume' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it('answers 204 without a token for POST /api/token/resume with a cookie of no live session', async () => {
    // A returning visitor whose session ended is not logged in, not an error (decision 0056).
    const response = await test.call({
      method: 'POST',
      url: '/api/token/resume',
      cookies: { login_token: 'nope' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it('answers 404 not_found in JSON for an unknown API path and 405-free for unknown methods', async () => {
    const response = await test.call({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
    const patch = await test.call({ method: 'PATCH', url: '/api/token' });
    expect(patch.statusCode).toBe(404);
  });
});
