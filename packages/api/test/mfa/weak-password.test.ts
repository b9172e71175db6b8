import { describe, expect, it } from 'vitest';
import { attemptLogin, sharedTestApp } from '../support/test-app';
import { createMfaAccount } from './helpers';

const test = sharedTestApp();

async function weakLogin() {
  const account = await createMfaAccount(test.database.db, [], { passwordStatus: 1 });
  const response = await attemptLogin(test, account);
  expect(response.json().weak_password).toBe(true);
  return { account, token: response.json().access_token as string };
}

function change(token: string, password: string) {
  return test.call({ method: 'POST', url: '/api/user/weak-password', token, payload: { password } });
}

describe('POST /api/user/weak-password', () => {
  it('a weak-password session reaches only GET /user and the change until the password is replaced', async () => {
    const { account, token } = await weakLogin();
    expect((await test.call({ method: 'GET', url: '/api/user', token })).statusCode).toBe(200);
    const blocked = await test.call({ method: 'GET', url: '/api/mfa/trusted-devices', token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('weak_password_change_required');

    const response = await change(token, 'correct horse battery staple');
    expect(response.statusCode).toBe(204);
    const user = await test.call({ method: 'GET', url: '/api/user', token });
    expect(user.json().data.password_status).toBe(0);
    expect((await test.call({ method: 'GET', url: '/api/mfa/trusted-devices', token })).statusCode).toBe(200);
    const relogin = await test.call({
      method: 'POST',
      url: '/api/token',
      payload: { username: account.email, password: 'correct horse battery staple' },
    });
    expect(relogin.statusCode).toBe(200);
    expect(relogin.json().weak_password).toBeUndefined();
  });

  it.each([
    ['too short', 'a1b2c3', 'password_too_short'],
    ['too long', 'x'.repeat(129), 'password_too_long'],
    ['common', 'Password123!', 'password_common'],
    ['common with a year', 'Summer2024', 'password_common'],
    ['made of the e-mail', '', 'password_personal'],
  ])('refuses a %s password with 422 %s', async (_name, password, code) => {
    const { account, token } = await weakLogin();
    const candidate = password || `${account.email.split('@')[0]}-rocks-2026`;
    const response = await change(token, candidate);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe(code);
  });

  it('refuses the current password and a session older than 15 minutes', async () => {
    const { account, token } = await weakLogin();
    expect((await change(token, account.password)).json().code).toBe('password_unchanged');
    await test.database.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - 16 * 60 * 1000) } as never)
      .where('user_id', '=', account.id)
      .execute();
    const stale = await change(token, 'a quite unusual passphrase');
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('session_not_fresh');
  });

  it('answers 403 forbidden for an account whose password is not weak', async () => {
    const account = await createMfaAccount(test.database.db, []);
    const login = await attemptLogin(test, account);
    expect((await change(login.json().access_token, 'a quite unusual passphrase')).statusCode).toBe(403);
  });
});
