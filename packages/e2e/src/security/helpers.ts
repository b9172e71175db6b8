import { expect, type Page } from '@playwright/test';
import { codeSentTo, newestId } from '../recovery/helpers';

/**
 * Passes the step-up of an account without MFA methods on /mfa/methods: an e-mail code to its
 * primary address, read from the dev inbox.
 */
export async function stepUpWithEmailCode(page: Page, email: string) {
  await expect(page).toHaveURL(/\/mfa\/methods\?/);
  const before = await newestId(page, email);
  await page
    .getByRole('button', { name: /e-mail/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/mfa(\?|$)/);
  const code = await codeSentTo(page, email, before);
  await page.locator('input[autocomplete="one-time-code"]').fill(code);
  await page.locator('form button[type="submit"]').click();
}
