import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'puppeteer-core';
import { DEMO_TOTP_SECRET } from '../src/support/mfa';
import { type PartnerApp, startPartnerApp } from '../src/support/partnerApp';
import { totp } from '../src/support/totp';
import { clickText, launchFirefox, textOf, type, waitForText, waitForUrl } from './browser';
import { codeFromInbox, GENERAL, LUXEMBOURG, startServer } from './server';

// The main journeys once in Firefox (Debian's firefox-esr over WebDriver BiDi), against the built
// server: the Chromium suite (packages/e2e/src) covers every case; this one shows that the same
// SPA, forms, redirects and cookies work in a second engine.

const PASSWORD = 'Demo-password-2026';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launchFirefox();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page of its own (cookies and storage apart from the other journeys). */
async function freshPage(width = 1280): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width, height: width > 600 ? 800 : 844 });
  return page;
}

async function passwordStep(page: Page, origin: string, email: string) {
  await page.goto(`${origin}/login/email`);
  await page.waitForSelector('html[data-hydrated]');
  await type(page, 'input[autocomplete~="username"]', email);
  await type(page, 'input[autocomplete="current-password"]', PASSWORD);
  await page.keyboard.press('Enter');
}

async function logOut(page: Page) {
  await clickText(page, 'Log out', 'button');
  await waitForUrl(page, /\/login\/email$/);
  assert.equal(await page.evaluate(() => sessionStorage.getItem('token')), null);
  // The ended session does not come back on a reload of a private page.
  await page.goto(`${new URL(page.url()).origin}/user/dashboard`);
  await waitForUrl(page, /\/login\/email$/);
}

describe('Firefox smoke', () => {
  test('general: login with an authenticator code, dashboard, logout', async () => {
    const page = await freshPage();
    await passwordStep(page, GENERAL, 'mfa@demo.test');
    await waitForUrl(page, /\/mfa\/methods\?/);
    await clickText(page, 'Authenticator app', 'button', true);
    await waitForUrl(page, /\/mfa\?/);
    await type(page, 'input[autocomplete="one-time-code"]', totp(DEMO_TOTP_SECRET));
    await clickText(page, 'Confirm', 'button');
    await waitForUrl(page, /\/user\/dashboard$/);
    assert.equal(await textOf(page, 'h1'), 'Welcome, Maxime');
    await logOut(page);
  });

  test('Luxembourg: login with an SMS code, dashboard, logout', async () => {
    const page = await freshPage(390);
    const since = Date.now();
    await passwordStep(page, LUXEMBOURG, 'mfa@demo.lu');
    await waitForUrl(page, /\/mfa\/methods\?/);
    await clickText(page, 'Text message', 'button', true);
    await waitForUrl(page, /\/mfa\?/);
    await type(page, 'input[autocomplete="one-time-code"]', await codeFromInbox('+352621000005', since));
    await page.keyboard.press('Enter');
    await waitForUrl(page, /\/user\/dashboard$/);
    await waitForText(page, 'h1', /^Welcome, /);
    await logOut(page);
  });

  test('Luxembourg: an IBAN change steps up with an e-mail code first', async () => {
    const page = await freshPage();
    await passwordStep(page, LUXEMBOURG, 'profile@demo.lu');
    await waitForUrl(page, /\/user\/dashboard$/);
    await clickText(page, 'Profile', 'nav a');
    await waitForUrl(page, /\/profile$/);
    const since = Date.now();
    await page.click('a[href$="/profile/edit-iban"]');
    await waitForUrl(page, /\/mfa\/methods\?single=true/);
    await clickText(page, 'E-mail', 'button', true);
    await waitForUrl(page, /\/mfa\?/);
    await type(page, 'input[autocomplete="one-time-code"]', await codeFromInbox('profile@demo.lu', since));
    await clickText(page, 'Confirm', 'button');
    await waitForUrl(page, /\/profile\/edit-iban$/);
    await type(page, 'input[id$="-iban"]', 'LU28 0019 4006 4475 0000');
    await clickText(page, 'Save', 'button');
    await waitForText(page, '[role="status"] p', 'IBAN updated');
    await waitForText(page, '[data-testid="iban"]', 'LU28 •••• •••• •••• 0000');
    await logOut(page);
  });

  test('general: a support agent signs in to the console with an authenticator and finds an account', async () => {
    const page = await freshPage();
    await page.goto(`${GENERAL}/admin`);
    await waitForUrl(page, /\/login\/email$/);
    await passwordStep(page, GENERAL, 'desk-support@demo.test');
    await waitForUrl(page, /\/mfa(\/methods)?\?/);
    if (/\/mfa\/methods\?/.test(page.url())) await clickText(page, 'Authenticator app', 'button', true);
    await waitForUrl(page, /\/mfa\?/);
    await type(page, 'input[autocomplete="one-time-code"]', totp(DEMO_TOTP_SECRET));
    await page.keyboard.press('Enter');
    await waitForUrl(page, /\/admin$/);
    await waitForText(page, 'h1', 'Administration');
    await page.goto(`${GENERAL}/admin/accounts`);
    await page.waitForSelector('html[data-hydrated]');
    // The accounts page is a chunk of its own: its form shows once loaded.
    await page.waitForSelector('form select', { visible: true });
    await page.select('form select', 'email');
    await type(page, 'input[type="search"]', 'employee@demo.test');
    await page.keyboard.press('Enter');
    // Results are masked until revealed with a reason.
    await waitForText(page, '[data-testid="account-hits"] span', /e\*+@demo\.test/);
    await page.click('[data-testid="account-hits"] a');
    await waitForUrl(page, /\/admin\/accounts\/[\w-]+$/);
    await logOut(page);
  });

  describe('consent', () => {
    let partner: PartnerApp;
    before(async () => {
      partner = await startPartnerApp(GENERAL);
    });
    after(() => partner?.close());

    test('general: a partner app gets the login, the consent and its tokens', async () => {
      const page = await freshPage();
      await page.goto(partner.origin);
      await clickText(page, 'Log in with Vestibule', 'a');
      await waitForUrl(page, /\/login\/email$/);
      await page.waitForSelector('html[data-hydrated]');
      await type(page, 'input[autocomplete~="username"]', 'employee@demo.test');
      await type(page, 'input[autocomplete="current-password"]', PASSWORD);
      await page.keyboard.press('Enter');
      await waitForUrl(page, /\/approve\?uid=/);
      await waitForText(page, 'h1', 'Demo Partner wants to access your Vestibule account');
      await clickText(page, 'Allow access', 'button');
      await waitForUrl(page, new RegExp(`^${partner.origin}/callback\\?`));
      const result = JSON.parse(await textOf(page, '#result'));
      assert.equal(result.iss, GENERAL);
      assert.equal(result.userinfo.email, 'employee@demo.test');
      await page.goto(`${GENERAL}/user/dashboard`);
      await waitForUrl(page, /\/user\/dashboard$/);
      await logOut(page);
    });
  });
});
