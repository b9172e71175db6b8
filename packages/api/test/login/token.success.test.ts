import { userResponseSchema } from '@vestibule/contract/schemas/user';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/seed';
import { createAccount } from '../support/accounts';
import { login, sharedTestApp } from '../support/test-app';

const test = sharedTestApp();

describe('POST /api/token (happy paths)', () => {
  it('logs a demo employee in with a form body and answers an opaque token and a login cookie', async () => {
    const response = await test.call({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=employee%40demo.test&password=${encodeURIComponent(DEMO_PASSWORD)}`,
    });
    expect(response.statusCode).toBe(200);
    const token = response.json().access_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = response.cookies.find((c) => c.name === 'login_token');
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBe(30 * 24 * 60 * 60);
  });

  it('logs in with a phone typed in national format, parsed with the edition region', async () => {
    const token = await login(test, '0470 00 00 01', DEMO_PASSWORD);
    const user = await test.call({ method: 'GET', url: '/api/user', token });
    expect(user.statusCode).toBe(200);
    const body = userResponseSchema.parse(user.json());
    expect(body.data.firstname).toBe('Emma');
    expect(body.data.phone[0]).toMatchObject({ phone: '+32470000001', default: true, verified: true });
  });

  it('treats e-mail case and spaces as the same username', async () => {
    await expect(login(test, '  Employee@Demo.TEST ', DEMO_PASSWORD)).resolves.toBeTypeOf('string');
  });

  it('logs the Luxembourg demo user in on lu.localhost, and a phone without prefix uses +352', async () => {
    const token = await login(test, '621 000 001', DEMO_PASSWORD, 'lu.localhost:3000');
    const user = await test.call({ method: 'GET', url: '/api/user', token, host: 'lu.localhost:3000' });
    expect(user.json().data.email[0].email).toBe('employee@demo.lu');
  });

  it('sets the cookie on the parent domain when the portal runs on account.<domain>', async () => {
    const response = await test.call({
      method: 'POST',
      url: '/api/token',
      host: 'account.example.com',
      payload: { username: 'employee@demo.test', password: DEMO_PASSWORD },
    });
    expect(response.cookies.find((c) => c.name === 'login_token')?.domain).toBe('example.com');
  });

  it('DELETE /api/token revokes the session at once: the token gets 401 afterwards', async () => {
    const account = await createAccount(test.database.db);
    const token = await login(test, account.email, account.password);
    const logout = await test.call({
      method: 'DELETE',
      url: '/api/token',
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === 'login_token')?.maxAge).toBe(0);
    const after = await test.call({ method: 'GET', url: '/api/user', token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('unauthorized');
  });

  it('POST /api/token/resume trades the login cookie for the bearer token of a new tab', async () => {
    const account = await createAccount(test.database.db);
    const token = await login(test, account.email, account.password);
    const response = await test.call({
      method: 'POST',
      url: '/api/token/resume',
      cookies: { login_token: token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().access_token).toBe(token);
  });

  it('writes an audit row for a successful login', async () => {
    const account = await createAccount(test.database.db);
    await login(test, account.email, account.password);
    const rows = await test.database.db
      .selectFrom('audit_events')
      .select('kind')
      .where('user_id', '=', account.id)
      .execute();
    expect(rows.map((r) => r.kind)).toContain('login.succeeded');
  });
});
