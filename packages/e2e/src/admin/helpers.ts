import { expect, type Page } from '@playwright/test';
import { DEMO_TOTP_SECRET } from '../support/mfa';
import { openApp } from '../support/page';
import { base32Decode, hotp } from '../support/totp';
import { DEMO_PASSWORD } from '../support/urls';

const STEP_MS = 30_000;
const lastStep = new Map<string, number>();

/**
 * An authenticator code the server has not seen for this account: a TOTP step is accepted once
 * (±1 step of drift), and specs sign the same staff member in within seconds of each other.
 */
async function freshCode(page: Page, email: string): Promise<string> {
  let now = Math.floor(Date.now() / STEP_MS);
  const step = Math.max(now, (lastStep.get(email) ?? -1) + 1);
  while (step > now + 1) {
    await page.waitForTimeout(2_000);
    now = Math.floor(Date.now() / STEP_MS);
  }
  lastStep.set(email, step);
  return hotp(base32Decode(DEMO_TOTP_SECRET), step);
}

/**
 * A staff member opens /admin: the portal's login (e-mail and password, then the authenticator
 * of the demo secret), and back to the console.
 */
export async function staffSignIn(page: Page, origin: string, email: string) {
  await page.goto(`${origin}/admin`);
  await expect(page).toHaveURL(/\/login\/email$/);
  await openApp(page, `${origin}/login/email`);
  await page.locator('input[autocomplete~="username"]').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/mfa(\/methods)?\?/);
  if (/\/mfa\/methods\?/.test(page.url())) await page.getByRole('button', { name: /Authenticator/ }).click();
  await page.locator('input[autocomplete="one-time-code"]').fill(await freshCode(page, email));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administration');
}

/**
 * Signs a demo staff account in to the portal with its authenticator (a code not used yet) and
 * waits for the dashboard: the login's app factor also gives the step-up the console's changes need.
 */
export async function staffLogIn(page: Page, origin: string, email: string) {
  await openApp(page, `${origin}/login/email`);
  await page.locator('input[autocomplete~="username"]').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/mfa(\/methods)?\?/);
  if (/\/mfa\/methods/.test(page.url()))
    await page
      .getByRole('button', { name: /Authenti/i })
      .first()
      .click();
  await page.locator('input[autocomplete="one-time-code"]').fill(await freshCode(page, email));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}
