import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pwnedPasswordsApi } from '../../src/security/breached-passwords';
import { complete, issueCard, start, toPasswordStep } from '../onboarding/helpers';
import { forgotPassword, latestCodeTo, randomIp, resetPassword, verifyResetCode } from '../recovery/helpers';
import { changePassword, loginOn, stepUpByEmail } from '../security/helpers';
import { createAccount } from '../support/accounts';
import { auditEvents } from '../support/rows';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Breached passwords (ASVS 6.2.12): new passwords — sign-up, reset, change and the
 * weak-password flow — are refused when the breach corpus knows them: the offline list of the
 * 100,000 most common passwords, and the Pwned Passwords range API (BREACHED_PASSWORDS=api),
 * here a local server speaking its protocol. Only 5 hex digits of the SHA-1 leave the server. A
 * login with a password found there marks the account weak (password_status 1).
 */

/** Not in the offline list, "breached" on the local range server. */
const BREACHED = 'Velvet-anchor-drizzle-93';
/** Listed by the server as padding only (count 0): not breached. */
const PADDED = 'Copper-lantern-meadow-58';
const STRONG = 'Quartz-harbour-nimbus-61';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex').toUpperCase();

/** A stand-in for the Pwned Passwords range API: GET /range/{5 hex} → `SUFFIX:COUNT` lines. */
function rangeServer() {
  const requests: string[] = [];
  const corpus = new Map([
    [sha1(BREACHED), 1234],
    [sha1(PADDED), 0],
  ]);
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const match = /^\/range\/([0-9A-F]{5})$/.exec(request.url ?? '');
    if (!match || request.headers['add-padding'] !== 'true') {
      response.writeHead(400).end();
      return;
    }
    const lines = [...corpus]
      .filter(([hash]) => hash.startsWith(match[1]!))
      .map(([hash, count]) => `${hash.slice(5)}:${count}`);
    lines.push('0000000000000000000000000000000000A:3', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF:0');
    response.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\r\n'));
  });
  return { server, requests };
}

let range: ReturnType<typeof rangeServer>;
let test: TestApp;
beforeAll(async () => {
  range = rangeServer();
  await new Promise<void>((resolve) => range.server.listen(0, '127.0.0.1', resolve));
  const { port } = range.server.address() as AddressInfo;
  test = await createTestApp({
    BREACHED_PASSWORDS: 'api',
    BREACHED_PASSWORDS_API_URL: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await test.app.close();
  await new Promise<void>((resolve) => (range.server as Server).close(() => resolve()));
});

/** A password from deep in the shipped list (not among the curated few), 8 characters or more. */
function listedPassword(): string {
  const lines = readFileSync(new URL('../../src/security/common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));
  expect(lines.length).toBeGreaterThanOrEqual(100_000);
  return lines.slice(90_000).find((line) => line.length >= 8 && /[a-z]/.test(line) && /\d/.test(line))!;
}

async function changeTo(password: string) {
  const account = await createAccount(test.database.db);
  const session = await loginOn(test, account);
  await stepUpByEmail(test, session.token, account);
  return changePassword(test, session, account, password);
}

describe('breached passwords: new passwords', () => {
  it('the range API sees only the first 5 hex digits of the SHA-1, never the password or its hash', async () => {
    range.requests.length = 0;
    expect((await changeTo(BREACHED)).json().code).toBe('password_breached');
    // The login before the change asked about the account's own password too.
    expect(range.requests).toContain(`/range/${sha1(BREACHED).slice(0, 5)}`);
    for (const url of range.requests) expect(url).toMatch(/^\/range\/[0-9A-F]{5}$/);
  });

  it('a change, a reset and the weak-password flow refuse a breached password, and accept padding and strong ones', async () => {
    expect((await changeTo(BREACHED)).statusCode).toBe(422);
    expect((await changeTo(PADDED)).statusCode).toBe(200);
    expect((await changeTo(STRONG)).statusCode).toBe(200);

    const account = await createAccount(test.database.db);
    const started = await forgotPassword(test, account.email);
    const code = await latestCodeTo(test.database.db, account.email);
    const token = (await verifyResetCode(test, started.json().payload, code)).json().reset_token;
    const refused = await resetPassword(test, token, BREACHED);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('password_breached');

    const weak = await createAccount(test.database.db);
    await test.database.db
      .updateTable('users')
      .set({ password_status: 2 })
      .where('id', '=', weak.id)
      .execute();
    const session = await loginOn(test, weak);
    const replaced = await test.call({
      method: 'POST',
      url: '/api/user/weak-password',
      as: session,
      payload: { password: BREACHED },
    });
    expect(replaced.statusCode).toBe(422);
    expect(replaced.json().code).toBe('password_breached');
  });

  it('sign-up refuses a breached password', async () => {
    const extra = { remoteAddress: randomIp() };
    const flow = (await start(test, 'card', await issueCard(test.database.db), extra)).json();
    await toPasswordStep(test, flow, extra);
    const refused = await complete(test, flow.id, extra, BREACHED);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('password_breached');
  });

  it('the offline list of 100,000 refuses its passwords without asking the API', async () => {
    range.requests.length = 0;
    const listed = listedPassword();
    const response = await changeTo(listed);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('password_common');
    expect(range.requests).not.toContain(`/range/${sha1(listed).slice(0, 5)}`);
  });

  it('an unreachable API lets the offline list decide and logs no secret', async () => {
    const warnings: unknown[] = [];
    const down = pwnedPasswordsApi('http://127.0.0.1:1', {
      warn: (...args: unknown[]) => warnings.push(args),
    } as never);
    expect(await down.isBreached(BREACHED)).toBe(false);
    expect(JSON.stringify(warnings)).not.toContain(BREACHED);
    expect(JSON.stringify(warnings)).not.toContain(sha1(BREACHED).slice(5));
  });
});

describe('breached passwords: login', () => {
  it('a login with a password found in the corpus marks the account weak and holds the session', async () => {
    for (const password of [BREACHED, listedPassword()]) {
      const account = await createAccount(test.database.db, { password });
      const response = await test.call({
        method: 'POST',
        url: '/api/token',
        payload: { username: account.email, password },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().weak_password).toBe(true);
      const user = await test.database.db
        .selectFrom('users')
        .select('password_status')
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
      expect(user.password_status).toBe(1);
      const held = await test.call({
        method: 'GET',
        url: '/api/sessions',
        token: response.json().access_token,
      });
      expect(held.json().code).toBe('weak_password_change_required');
      const audited = await auditEvents(test.database.db, account.id, 'password.found_breached');
      expect(audited).toHaveLength(1);
    }
  });

  it('a login with a strong password leaves the account as it is', async () => {
    const account = await createAccount(test.database.db, { password: STRONG });
    const response = await test.call({
      method: 'POST',
      url: '/api/token',
      payload: { username: account.email, password: STRONG },
    });
    expect(response.json().weak_password).toBeUndefined();
  });
});
