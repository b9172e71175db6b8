import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { configureMessageBrands } from '../../src/delivery/messages/brand';
import { sharedTestApp } from '../support/test-app';

/**
 * The configuration injected into every page: the footer's operator of the request's edition (the
 * operator's settings, as the e-mails sign) and the tag manager's origin, which the CSP names.
 */

const dir = mkdtempSync(join(tmpdir(), 'vestibule-web-'));
writeFileSync(join(dir, 'index.html'), '<html><head><!--vestibule-config--></head><body></body></html>');
// After hooks run last registered first: the directory goes once the app is closed.
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const test = sharedTestApp({
  WEB_DIST_DIR: dir,
  TAG_MANAGER_ID: 'GTM-ABC123',
  TAG_MANAGER_URL: 'https://tags.operator.example/gtm',
  MAIL_COMPANY_LU: 'Opérateur Luxembourg S.A.',
  SUPPORT_EMAIL_LU: 'aide@operator.example.lu',
});
// The operator's settings are the messages' too, for every test file after this one in the worker.
afterAll(() => configureMessageBrands(loadConfig({ NODE_ENV: 'test' }).messageOperator));

async function injectedConfig(host?: string) {
  const response = await test.call({ method: 'GET', url: '/login/email', host, deviceId: null });
  const json = /<script id="vestibule-config" type="application\/json">(.*?)<\/script>/.exec(
    response.body,
  )?.[1];
  return { response, config: JSON.parse(json ?? 'null') };
}

describe('the injected page configuration', () => {
  it("carries the edition's operator: the operator's settings over the demo defaults", async () => {
    const lu = (await injectedConfig('lu.localhost:3000')).config;
    expect(lu.operator).toMatchObject({
      company: 'Opérateur Luxembourg S.A.',
      supportEmail: 'aide@operator.example.lu',
      registration: 'R.C.S. Luxembourg B 000000',
    });
    const general = (await injectedConfig()).config;
    expect(general.operator).toMatchObject({
      company: 'Vestibule SA',
      supportEmail: 'support@vestibule.example',
    });
  });

  it("names the tag manager's origin (TAG_MANAGER_URL's), and the CSP allows that origin only", async () => {
    const { response, config } = await injectedConfig();
    expect(config.tagManagerId).toBe('GTM-ABC123');
    expect(config.tagManagerOrigin).toBe('https://tags.operator.example');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/tags\.operator\.example;/);
    expect(csp).not.toContain('googletagmanager');
  });
});
