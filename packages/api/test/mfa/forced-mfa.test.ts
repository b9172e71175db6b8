import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/seed';
import { registerClient } from '../oauth/helpers';
import { login, sharedTestApp, submitCode } from '../support/test-app';
import { createMfaAccount, latestCode } from './helpers';

const test = sharedTestApp();

async function addMethod(token: string, id: number, target: string) {
  const started = await test.call({
    method: 'GET',
    url: `/api/mfa/${id}/activate?target=${encodeURIComponent(target)}`,
    token,
  });
  expect(started.statusCode).toBe(200);
  const code = await latestCode(test.database.db, target);
  const done = await submitCode(test, '/api/mfa/activate', token, started.json().payload, code);
  expect(done.statusCode).toBe(200);
}

describe('forced MFA setup (mfa_forced)', () => {
  it('a forced user reaches only the setup until an SMS and an e-mail method exist, without step-up', async () => {
    const account = await createMfaAccount(test.database.db, [], { mfaForced: true });
    const token = await login(test, account.email, account.password);
    expect((await test.call({ method: 'GET', url: '/api/user', token })).json().data.mfa_forced).toBe(true);
    const blocked = await test.call({ method: 'GET', url: '/api/mfa/trusted-devices', token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('mfa_setup_required');

    await addMethod(token, -1, account.phone);
    expect((await test.call({ method: 'GET', url: '/api/mfa/trusted-devices', token })).statusCode).toBe(403);
    await addMethod(token, -2, account.email);
    expect((await test.call({ method: 'GET', url: '/api/mfa/trusted-devices', token })).statusCode).toBe(200);
  });

  it('a forced user logging in for a partner client is still held in setup on the portal (abuse/forced-mfa.test.ts)', async () => {
    const account = await createMfaAccount(test.database.db, [], { mfaForced: true });
    const partner = await registerClient(test.database.db);
    const response = await test.call({
      method: 'POST',
      url: '/api/token',
      payload: { username: account.email, password: account.password, client_id: partner.clientId },
    });
    const token = response.json().access_token as string;
    const blocked = await test.call({ method: 'GET', url: '/api/mfa/trusted-devices', token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('mfa_setup_required');
  });

  it('the demo forced@demo.test logs in without MFA and must set it up; customer@demo.test may skip', async () => {
    const forced = await login(test, 'forced@demo.test', DEMO_PASSWORD);
    expect((await test.call({ method: 'GET', url: '/api/mfa/status', token: forced })).statusCode).toBe(200);
    expect(
      (await test.call({ method: 'GET', url: '/api/mfa/trusted-devices', token: forced })).json().code,
    ).toBe('mfa_setup_required');
    const customer = await login(test, 'customer@demo.test', DEMO_PASSWORD);
    expect(
      (await test.call({ method: 'GET', url: '/api/mfa/trusted-devices', token: customer })).statusCode,
    ).toBe(200);
  });
});
