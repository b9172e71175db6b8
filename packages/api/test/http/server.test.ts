import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { PRODUCTION_OPERATOR_ENV } from '../support/production-env';
import { sharedTestApp } from '../support/test-app';

const test = sharedTestApp();

describe('server basics', () => {
  it('GET /healthz answers 200', async () => {
    const response = await test.call({ method: 'GET', url: '/healthz', deviceId: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('sends a strict CSP and the other security headers on every answer', async () => {
    const response = await test.call({ method: 'GET', url: '/api/status' });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('configuration', () => {
  it('names each wrong variable in one clear message', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', TAG_MANAGER_ID: 'nope' })).toThrowError(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT: /);
      expect((error as Error).message).toMatch(/DATABASE_URL: must start with postgres/);
    }
  });

  it('refuses the dev inbox in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_INBOX: 'on' })).toThrowError(/dev inbox/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(/SMTP_URL: required in production/);
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        ...PRODUCTION_OPERATOR_ENV,
        EMBEDDED_DATABASE: 'on',
        SMTP_URL: 'smtp://mail.example:25',
        ENCRYPTION_KEY: key,
        PUBLIC_URL: 'https://account.example.com',
        PUBLIC_URL_LU: 'https://account.example.lu',
      }).devInbox,
    ).toBe(false);
  });

  it('refuses to start in production without ENCRYPTION_KEY, and a key that is not 32 bytes', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:25' })).toThrowError(
      /ENCRYPTION_KEY: required in production/,
    );
    expect(() => loadConfig({ ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrowError(
      /ENCRYPTION_KEY: must be base64 of exactly 32 bytes/,
    );
  });

  it('reads the retention settings with their defaults and refuses a value out of range, in production too', () => {
    expect(loadConfig({})).toMatchObject({
      closureGraceDays: 14,
      auditRetentionDays: 400,
      sessionRetentionDays: 1,
      messageRetentionDays: 30,
    });
    expect(loadConfig({ CLOSURE_GRACE_DAYS: '30' }).closureGraceDays).toBe(30);
    for (const [name, value] of [
      ['CLOSURE_GRACE_DAYS', '0'],
      ['CLOSURE_GRACE_DAYS', 'two weeks'],
      ['SESSION_RETENTION_DAYS', '91'],
      ['MESSAGE_RETENTION_DAYS', '-1'],
      ['AUDIT_RETENTION_DAYS', '0'],
    ]) {
      expect(() => loadConfig({ [name as string]: value })).toThrowError(new RegExp(`${name}:`));
      expect(() =>
        loadConfig({ NODE_ENV: 'production', ...PRODUCTION_OPERATOR_ENV, [name as string]: value }),
      ).toThrowError(new RegExp(`${name}:`));
    }
  });

  it('prefixes the login cookie name with production_ for develop and staging builds', () => {
    expect(loadConfig({ COOKIE_FLAVOUR: 'staging' }).cookiePrefix).toBe('production_');
    expect(loadConfig({}).cookiePrefix).toBe('');
  });
});
