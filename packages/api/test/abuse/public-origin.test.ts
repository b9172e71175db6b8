import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { forgotPassword, latestCodeTo, resetPassword, verifyResetCode } from '../recovery/helpers';
import { loginOn, stepUpByEmail } from '../security/helpers';
import { createAccount } from '../support/accounts';
import { PRODUCTION_BASE_ENV } from '../support/production-env';
import { sharedTestApp, type TestApp } from '../support/test-app';

/**
 * Host header poisoning: every absolute link a message carries and the OIDC issuer and
 * endpoints come from PUBLIC_URL / PUBLIC_URL_LU, never from the request's Host or X-Forwarded-*
 * headers. In production both are required and ALLOWED_HOSTS defaults to their hosts, so a
 * forged Host gets 421 before it reaches anything.
 */

const GENERAL_URL = 'https://account.example.com';
const LU_URL = 'https://account.example.lu';
const FORGED = 'evil.example';

// Outside production any host is served (ALLOWED_HOSTS empty): the links must still hold.
const dev = sharedTestApp({ PUBLIC_URL: GENERAL_URL, PUBLIC_URL_LU: LU_URL, TRUST_PROXY: 'true' });
const production = sharedTestApp({
  ...PRODUCTION_BASE_ENV,
  EMBEDDED_DATABASE: 'on',
  DEV_INBOX: 'off',
  TRUST_PROXY: '1',
  PUBLIC_URL: GENERAL_URL,
  PUBLIC_URL_LU: LU_URL,
});

async function inboxText(test: TestApp, recipient: string): Promise<string> {
  const response = await test.call({
    method: 'GET',
    url: `/dev/inbox.json?to=${encodeURIComponent(recipient)}`,
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('host header poisoning: links in messages', () => {
  it('the password-changed notices link to PUBLIC_URL / PUBLIC_URL_LU whatever Host the change came with', async () => {
    for (const [edition, host, origin] of [
      ['general', `${FORGED}:3000`, GENERAL_URL],
      ['lu', `lu.${FORGED}`, LU_URL],
    ] as const) {
      const account = await createAccount(dev.database.db, { edition });
      const call: TestApp = { ...dev, call: (options) => dev.call({ host, ...options }) };
      const session = await loginOn(call, account);
      await stepUpByEmail(call, session.token, account);
      const changed = await call.call({
        method: 'POST',
        url: '/api/user/password',
        as: session,
        headers: { 'x-forwarded-host': FORGED, 'x-forwarded-proto': 'http' },
        payload: { current_password: account.password, password: 'Lantern-orbit-meadow-47' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const text = await inboxText(dev, account.email);
      expect(text).toContain(`${origin}/forgot-password`);
      expect(text).not.toContain(FORGED);
    }
  });

  it('the password-reset notice links to PUBLIC_URL whatever Host the reset came with', async () => {
    const account = await createAccount(dev.database.db);
    const extra = { host: FORGED };
    const started = await forgotPassword(dev, account.email, extra);
    expect(started.statusCode).toBe(200);
    const code = await latestCodeTo(dev.database.db, account.email);
    const verified = await verifyResetCode(dev, started.json().payload, code, extra);
    expect(verified.statusCode, verified.body).toBe(200);
    const reset = await resetPassword(dev, verified.json().reset_token, 'Lantern-orbit-meadow-48', extra);
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    const text = await inboxText(dev, account.email);
    expect(text).toContain(`${GENERAL_URL}/forgot-password`);
    expect(text).not.toContain(FORGED);
  });

  it('no source file builds a link or an issuer from the request (inventory)', () => {
    const root = join(import.meta.dirname, '../../src');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts')) {
          const text = readFileSync(path, 'utf8');
          if (/\$\{request\.(protocol|host|hostname)\}|request\.protocol\s*\}?:\/\//.test(text))
            offenders.push(relative(root, path));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});

describe('host header poisoning: the OIDC issuer and discovery', () => {
  it('outside production a forged Host or X-Forwarded-Host still gets the configured issuer and endpoints', async () => {
    for (const [host, origin] of [
      [FORGED, GENERAL_URL],
      [`lu.${FORGED}`, LU_URL],
    ] as const) {
      const response = await dev.call({
        method: 'GET',
        url: '/.well-known/openid-configuration',
        host,
        headers: { 'x-forwarded-host': `${FORGED}.too`, 'x-forwarded-proto': 'http' },
      });
      expect(response.statusCode).toBe(200);
      const discovery = response.json();
      expect(discovery.issuer).toBe(origin);
      expect(discovery.authorization_endpoint).toBe(`${origin}/oauth/auth`);
      expect(discovery.token_endpoint).toBe(`${origin}/oauth/token`);
      expect(discovery.jwks_uri).toBe(`${origin}/oauth/jwks`);
      expect(response.body).not.toContain(FORGED);
    }
  });

  it('in production a forged Host gets 421 on discovery, the API and pages; the public hosts are served', async () => {
    for (const url of ['/.well-known/openid-configuration', '/oauth/jwks', '/api/status', '/login']) {
      const forged = await production.call({ method: 'GET', url, host: FORGED });
      expect(forged.statusCode, `${url} on ${FORGED}`).toBe(421);
      expect(forged.body).not.toContain(GENERAL_URL);
    }
    for (const origin of [GENERAL_URL, LU_URL]) {
      const response = await production.call({
        method: 'GET',
        url: '/.well-known/openid-configuration',
        host: new URL(origin).host,
        headers: { 'x-forwarded-host': FORGED, 'x-forwarded-proto': 'http' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().issuer).toBe(origin);
      expect(response.json().token_endpoint).toBe(`${origin}/oauth/token`);
    }
  });

  it('`npm start` in production without them exits at once naming them', () => {
    const root = join(import.meta.dirname, '../../../..');
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:1',
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      PORT: '0',
      DATA_DIR: join(tmpdir(), `vestibule-no-public-url-${process.pid}`),
    };
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'packages/api/src/main.ts'], {
      cwd: root,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(1);
    // In production the refusal is one JSON fatal line (on stdout, with the other log lines).
    const lines = run.stdout.split('\n').filter((line) => line.trim() !== '');
    expect(lines, run.stderr).toHaveLength(1);
    const fatal = JSON.parse(lines[0] as string);
    expect(fatal.level).toBe('fatal');
    expect(fatal.msg).toContain('PUBLIC_URL, PUBLIC_URL_LU: required in production');
    // The other missing settings in the same message, not one per start.
    for (const name of ['DATABASE_URL', 'SMS_ACCOUNT_SID', 'MAIL_COMPANY', 'SUPPORT_PHONE_LU'])
      expect(fatal.msg).toContain(`${name}: required in production`);
  });

  it('a production start without PUBLIC_URL or PUBLIC_URL_LU stops with a message naming them', () => {
    const base = { ...PRODUCTION_BASE_ENV, EMBEDDED_DATABASE: 'on' };
    for (const missing of [{}, { PUBLIC_URL: GENERAL_URL }, { PUBLIC_URL_LU: LU_URL }])
      expect(() => loadConfig({ ...base, ...missing })).toThrowError(
        /PUBLIC_URL, PUBLIC_URL_LU: required in production/,
      );
    const config = loadConfig({ ...base, PUBLIC_URL: GENERAL_URL, PUBLIC_URL_LU: LU_URL });
    expect(config.allowedHosts.sort()).toEqual(['account.example.com', 'account.example.lu']);
    expect(() => loadConfig({ ...base, PUBLIC_URL: LU_URL, PUBLIC_URL_LU: GENERAL_URL })).toThrowError(
      /PUBLIC_URL: its host must select the general edition/,
    );
    expect(() => loadConfig({ PUBLIC_URL: 'https://account.example.com/path' })).toThrowError(
      /PUBLIC_URL: must be an origin/,
    );
  });
});
