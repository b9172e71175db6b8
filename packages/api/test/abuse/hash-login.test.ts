import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../src/security/tokens';
import { createAccount } from '../support/accounts';
import { login, sharedTestApp } from '../support/test-app';
import { LOGIN_COOKIE, sessionOf, setCookies } from './helpers';

/**
 * Login CSRF through the URL hash (security review): `/#token=…` used to take a session token, so a
 * link signed the victim in to the attacker's account. The hash now carries a hand-over code:
 * single use, one minute, of one edition, traded by the SPA for a session of its own only after
 * the user confirmed whose account it is (e2e/security/hash-login.spec.ts).
 */

const test = sharedTestApp();

async function mint(token: string, host?: string) {
  const response = await test.call({ method: 'POST', url: '/api/token/handover', token, host, payload: {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().code as string;
}

function redeem(code: string, extra: { token?: string; host?: string } = {}) {
  return test.call({ method: 'POST', url: '/api/token/handover/redeem', payload: { code }, ...extra });
}

function preview(code: string, token?: string) {
  return test.call({ method: 'POST', url: '/api/token/handover/preview', payload: { code }, token });
}

describe('hash login hand-over', () => {
  it('a session token in the link opens nothing: only a hand-over code is traded', async () => {
    const attacker = await createAccount(test.database.db, { firstname: 'Finn' });
    const token = await login(test, attacker.email, attacker.password);
    const answer = await redeem(token);
    expect(answer.statusCode).toBe(410);
    expect(answer.json().code).toBe('link_expired');
    expect((await preview(token)).statusCode).toBe(410);
  });

  it('the preview names the account without spending the code, and tells whether the caller is already it', async () => {
    const finn = await createAccount(test.database.db, { firstname: 'Finn' });
    const victim = await createAccount(test.database.db, { firstname: 'Vera' });
    const finnToken = await login(test, finn.email, finn.password);
    const code = await mint(finnToken);
    const asVictim = await preview(code, await login(test, victim.email, victim.password));
    expect(asVictim.json()).toEqual({ firstname: 'Finn', current: false });
    expect((await preview(code)).json()).toEqual({ firstname: 'Finn', current: false });
    expect((await preview(code, finnToken)).json()).toEqual({ firstname: 'Finn', current: true });
    expect((await redeem(code)).statusCode).toBe(200);
  });

  it('a code works once, opens a new session of this device with the login cookie, and is kept hashed', async () => {
    const account = await createAccount(test.database.db);
    const token = await login(test, account.email, account.password);
    const code = await mint(token);
    const stored = await test.database.db.selectFrom('handover_codes').select('code_hash').execute();
    expect(stored.map((row) => row.code_hash)).toContain(hashToken(code));
    expect(stored.map((row) => row.code_hash)).not.toContain(code);
    const device = randomUUID();
    const first = await test.call({
      method: 'POST',
      url: '/api/token/handover/redeem',
      payload: { code },
      deviceId: device,
    });
    expect(first.statusCode, first.body).toBe(200);
    const opened = first.json().access_token as string;
    expect(opened).not.toBe(token);
    expect((await sessionOf(test.database.db, opened))?.device_id).toBe(device);
    expect(setCookies(first).find((cookie) => cookie.name === LOGIN_COOKIE)?.value).toBe(opened);
    const again = await redeem(code);
    expect(again.statusCode).toBe(410);
  });

  it('a code dies after its minute, and on the other edition’s host', async () => {
    const account = await createAccount(test.database.db);
    const token = await login(test, account.email, account.password);
    const late = await mint(token);
    await test.database.db
      .updateTable('handover_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('code_hash', '=', hashToken(late))
      .execute();
    expect((await redeem(late)).statusCode).toBe(410);
    expect((await redeem(await mint(token), { host: 'lu.localhost:3000' })).statusCode).toBe(410);
  });

  it('a locked account’s code opens nothing', async () => {
    const account = await createAccount(test.database.db);
    const code = await mint(await login(test, account.email, account.password));
    await test.database.db
      .updateTable('users')
      .set({ locked_at: new Date() })
      .where('id', '=', account.id)
      .execute();
    expect((await redeem(code)).json().code).toBe('account_locked');
  });

  it('minting needs a session', async () => {
    const response = await test.call({ method: 'POST', url: '/api/token/handover', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});
