import { expect, type Page, test } from '@playwright/test';
import { logInWithEmail } from '../support/login';
import { type PartnerApp, startPartnerApp } from '../support/partnerApp';
import { DEMO_PASSWORD, GENERAL } from '../support/urls';

// OpenID Connect conformance with the real openid-client partner app: re-authentication
// (prompt=login, max_age, login_hint), the form_post response mode under the page's CSP, and
// RP-initiated and back-channel logout tied to the portal session.

let partner: PartnerApp;
test.beforeAll(async () => {
  partner = await startPartnerApp(GENERAL);
});
test.afterAll(() => partner.close());

const EMAIL = 'employee@demo.test';

/** The partner's login with these authorization parameters; answers the result it shows. */
async function partnerLogin(page: Page, params: Record<string, string> = {}) {
  await page.goto(`${partner.origin}/login?${new URLSearchParams({ scope: 'openid email', ...params })}`);
}

async function partnerResult(page: Page): Promise<Record<string, unknown>> {
  await expect(page.locator('#result')).toBeVisible();
  return JSON.parse((await page.locator('#result').textContent()) ?? '{}');
}

/** Leaves no grant behind for the other specs (they expect the consent screen). */
async function revokePartner(page: Page) {
  await page.goto(`${GENERAL}/user/access`);
  await page.getByRole('button', { name: 'Revoke access of Demo Partner' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke access' }).click();
  await expect(page.locator('[data-client-id="demo-partner"]')).toHaveCount(0);
}

/** Collects CSP violations the browser reports on the console. */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) found.push(message.text());
  });
  return found;
}

test.describe('OpenID Connect conformance with a real relying party', () => {
  test('prompt=login and max_age ask for the password again; auth_time is the new login', async ({
    page,
  }) => {
    await logInWithEmail(page, GENERAL, EMAIL);
    await partnerLogin(page);
    await page.getByRole('button', { name: 'Allow access' }).click();
    const first = await partnerResult(page);
    expect(first.amr).toEqual(['pwd']);

    // Granted, and a live portal session: still the password screen, pre-filled by login_hint, in
    // the language ui_locales asks for.
    await page.waitForTimeout(1_100);
    await partnerLogin(page, { prompt: 'login', login_hint: EMAIL, ui_locales: 'de-DE fr-BE' });
    await expect(page).toHaveURL(/\/login\/email$/);
    await expect(page.locator('input[autocomplete~="username"]')).toHaveValue(EMAIL);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Se connecter');
    // Logins and requests compare to the second: a person takes longer than this anyway.
    await page.waitForTimeout(1_000);
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    const second = await partnerResult(page);
    expect(second.auth_time as number).toBeGreaterThan(first.auth_time as number);

    // A silent authorization keeps that login's time.
    await partnerLogin(page);
    expect((await partnerResult(page)).auth_time).toBe(second.auth_time);

    // max_age shorter than the login's age: the password screen again.
    await page.waitForTimeout(2_100);
    await partnerLogin(page, { max_age: '1' });
    await expect(page).toHaveURL(/\/login\/email$/);
    await page.locator('input[autocomplete~="username"]').fill(EMAIL);
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    const third = await partnerResult(page);
    expect(third.auth_time as number).toBeGreaterThan(second.auth_time as number);

    await revokePartner(page);
  });

  test('form_post: the code and a refusal reach the partner by POST, the CSP lets the page submit', async ({
    page,
  }) => {
    const violations = cspViolations(page);
    await logInWithEmail(page, GENERAL, EMAIL);
    await partnerLogin(page, { response_mode: 'form_post' });
    await page.getByRole('button', { name: 'Allow access' }).click();
    const result = await partnerResult(page);
    expect(page.url()).toBe(`${partner.origin}/callback`);
    expect(result).toMatchObject({ response_mode: 'form_post', userinfo: { email: EMAIL } });

    // prompt=consent asks again although granted; refusing posts access_denied back.
    await partnerLogin(page, { response_mode: 'form_post', prompt: 'consent' });
    await expect(page).toHaveURL(/\/approve\?uid=/);
    await page.getByRole('button', { name: 'Refuse' }).click();
    await expect(page.locator('#error')).toHaveText('access_denied');
    expect(violations).toEqual([]);

    await revokePartner(page);
  });

  test('RP-initiated logout ends the portal session; a portal logout reaches the partner by back channel', async ({
    page,
  }) => {
    const violations = cspViolations(page);
    await logInWithEmail(page, GENERAL, EMAIL);
    await partnerLogin(page);
    await page.getByRole('button', { name: 'Allow access' }).click();
    await partnerResult(page);

    // Logging out of the portal tells the partner (Back-Channel Logout 1.0).
    const told = partner.logoutTokens.length;
    await page.goto(`${GENERAL}/user/dashboard`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login\/email$/);
    await page.goto(`${partner.origin}/status`);
    await expect(page.locator('#status')).toHaveText('signed out by back-channel logout');
    expect(partner.logoutTokens.length).toBe(told + 1);

    // Back in: the grant (no offline_access) ended with the portal session, so the consent is
    // asked again (decision 0069); the partner's logout ends the portal session and returns.
    await logInWithEmail(page, GENERAL, EMAIL);
    await partnerLogin(page);
    await page.getByRole('button', { name: 'Allow access' }).click();
    await partnerResult(page);
    await page.goto(`${partner.origin}/logout`);
    await expect(page.locator('#status')).toHaveText('logged out (state partner-logout)');
    await page.goto(`${GENERAL}/user/dashboard`);
    await expect(page).toHaveURL(/\/login\/email$/);
    expect(violations).toEqual([]);

    // The partner's logout revoked its grant: nothing is left in /user/access.
    await logInWithEmail(page, GENERAL, EMAIL);
    await page.goto(`${GENERAL}/user/access`);
    await expect(page.getByText('You have not allowed any application to use your account.')).toBeVisible();
  });
});
