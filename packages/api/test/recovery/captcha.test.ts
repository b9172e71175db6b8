import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../support/api-error';
import { createTestApp, type TestApp } from '../support/test-app';
import { post, randomIp } from './helpers';

/** A local siteverify endpoint speaking the providers' protocol: form in, `{ success }` out. */
let siteverify: Server;
let verifyUrl: string;
const received: URLSearchParams[] = [];

beforeAll(async () => {
  siteverify = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = new URLSearchParams(body);
      received.push(form);
      const success = form.get('secret') === 'test-secret' && form.get('response') === 'solved-token';
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify(
          success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
  verifyUrl = `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/siteverify`;
});
afterAll(() => new Promise<void>((resolve) => siteverify.close(() => resolve())));

async function appWith(provider: string, url = verifyUrl): Promise<TestApp> {
  return createTestApp({
    CAPTCHA_PROVIDER: provider,
    CAPTCHA_SITE_KEY: 'test-site-key',
    CAPTCHA_SECRET: 'test-secret',
    CAPTCHA_VERIFY_URL: url,
  });
}

describe('captcha on recovery', () => {
  it('asks forgot password for a token, refuses a bad one and lets a solved one through', async () => {
    const test = await appWith('turnstile');
    const ip = randomIp();
    const call = (captcha?: string) =>
      post(
        test,
        '/api/user/forgot-password',
        { username: 'captcha-user@test.example', ...(captcha ? { captcha } : {}) },
        { remoteAddress: ip },
      );
    const missing = await call();
    expectApiError(missing, 400, 'captcha_required', 'Please confirm that you are not a robot.');
    const refused = await call('forged-token');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('captcha_failed');
    expect((await call('solved-token')).statusCode).toBe(200);
    const last = received.at(-1)!;
    expect(last.get('remoteip')).toBe(ip);
    expect(last.get('secret')).toBe('test-secret');
    await test.app.close();
  });

  it('guards forgot username the same way', async () => {
    const test = await appWith('hcaptcha');
    const body = { identifier_type: 'card', identifier: '5065000000000001' };
    const ip = { remoteAddress: randomIp() };
    expect((await post(test, '/api/user/forgot-username', body, ip)).json().code).toBe('captcha_required');
    expect(
      (await post(test, '/api/user/forgot-username', { ...body, captcha: 'nope' }, ip)).json().code,
    ).toBe('captcha_failed');
    expect(
      (await post(test, '/api/user/forgot-username', { ...body, captcha: 'solved-token' }, ip)).statusCode,
    ).toBe(200);
    await test.app.close();
  });

  it('fails closed when the provider cannot be reached', async () => {
    const test = await appWith('recaptcha', 'http://127.0.0.1:9/siteverify');
    const response = await post(
      test,
      '/api/user/forgot-password',
      { username: 'captcha-user@test.example', captcha: 'solved-token' },
      { remoteAddress: randomIp() },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('captcha_failed');
    await test.app.close();
  });

  it('names the provider in the CSP only when configured', async () => {
    const plain = await createTestApp();
    const without = (await plain.call({ method: 'GET', url: '/healthz' })).headers[
      'content-security-policy'
    ] as string;
    expect(without).not.toContain('challenges.cloudflare.com');
    expect(without).not.toContain('frame-src');
    await plain.app.close();
    const test = await appWith('turnstile');
    const csp = (await test.call({ method: 'GET', url: '/healthz' })).headers[
      'content-security-policy'
    ] as string;
    expect(csp).toContain("script-src 'self' https://challenges.cloudflare.com");
    expect(csp).toContain('frame-src https://challenges.cloudflare.com');
    await test.app.close();
  });

  it('is off without a provider: no token needed', async () => {
    const test = await createTestApp();
    const response = await post(
      test,
      '/api/user/forgot-password',
      { username: 'no-captcha@test.example' },
      { remoteAddress: randomIp() },
    );
    expect(response.statusCode).toBe(200);
    await test.app.close();
  });
});
