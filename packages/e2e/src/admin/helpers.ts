import { expect, type Page } from '@playwright/test';
import { DEMO_TOTP_SECRET } from '../support/mfa';
import { openApp } from '../support/page';
import { totp } from '../support/totp';
import { DEMO_PASSWORD } from '../support/urls';

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
  await page.locator('input[autocomplete="one-time-code"]').fill(totp(DEMO_TOTP_SECRET));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administration');
}
