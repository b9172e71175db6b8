import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './urls';

/** Logs in through the e-mail form of the given origin and waits for the dashboard. */
export async function logInWithEmail(
  page: Page,
  origin: string,
  email: string,
  password = DEMO_PASSWORD,
  /** The skip button's text when the customer MFA intro shows first. */
  skipSetup?: string,
) {
  await page.goto(`${origin}/login/email`);
  await page.locator('input[autocomplete~="username"]').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  if (skipSetup) {
    await expect(page).toHaveURL(/\/setup-mfa$/);
    await page
      .getByRole('button', { name: skipSetup })
      .or(page.getByRole('link', { name: skipSetup }))
      .click();
  }
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}
