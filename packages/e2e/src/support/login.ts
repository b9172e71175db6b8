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
  // After a password reset the same URL is loaded again with the history state that prefills the
  // username (a same-URL navigation keeps it): hydration then writes that default into the field,
  // and a fill racing it (select, default written, insert) left the address twice.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
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
