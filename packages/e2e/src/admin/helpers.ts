import { expect, type Page } from '@playwright/test';
import { DEMO_TOTP_SECRET } from '../support/mfa';
import { openApp } from '../support/page';
import { totp } from '../support/totp';
import { DEMO_PASSWORD } from '../support/urls';

/**
 * Signs a demo staff account in with its authenticator (the demo secret): the login's app factor
 * also gives the step-up that the console's changes need for the next minutes.
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
  await page.locator('input[autocomplete="one-time-code"]').fill(totp(DEMO_TOTP_SECRET));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}
