import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomIp } from '../recovery/helpers';
import { createAccount } from '../support/accounts';
import { auditEvents } from '../support/rows';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Behind one trusted proxy the client is the X-Forwarded-For entry that proxy added (the
 * right-most): whatever a client writes to the left of it changes neither the per-IP limits nor
 * the address in the audit rows. Both forms of TRUST_PROXY: a hop count and the proxy's address.
 */
describe.each([
  ['a hop count', '1'],
  ['the proxy address', '127.0.0.0/8'],
])('TRUST_PROXY as %s', (_form, trustProxy) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ TRUST_PROXY: trustProxy, RATE_LIMIT_LOGIN_PER_IP: '3' });
  });
  afterAll(() => test.app.close());

  /** A wrong password from `client`, each with a new forged left-most entry, through the proxy. */
  const attempt = (username: string, client: string) =>
    test.call({
      method: 'POST',
      url: '/api/token',
      headers: { 'x-forwarded-for': `${randomIp()}, ${client}` },
      payload: { username, password: 'Wrong-password-1' },
    });

  it('six failed logins from one client with forged entries answer 400 400 400 429 429 429', async () => {
    const account = await createAccount(test.database.db);
    const client = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await attempt(account.email, client)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429, 429, 429]);
  });

  it('the audit rows record the address the proxy saw, never the forged one', async () => {
    const account = await createAccount(test.database.db);
    const client = randomIp();
    for (let i = 0; i < 2; i += 1) expect((await attempt(account.email, client)).statusCode).toBe(400);
    const rows = await auditEvents(test.database.db, account.id, 'login.failed');
    expect(rows.map((row) => row.ip)).toEqual([client, client]);
  });
});

describe('TRUST_PROXY as addresses, a client that bypasses the proxy', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_LOGIN_PER_IP: '3' });
  });
  afterAll(() => test.app.close());

  it('is counted by its own socket address, whatever X-Forwarded-For it writes', async () => {
    const account = await createAccount(test.database.db);
    const direct = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await test.call({
        method: 'POST',
        url: '/api/token',
        remoteAddress: direct,
        headers: { 'x-forwarded-for': `${randomIp()}, ${randomIp()}` },
        payload: { username: account.email, password: 'Wrong-password-1' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });
});
