import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmail } from '../support/login';
import { chooseMethod, MFA_USER, passwordStep } from '../support/mfa';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// Issue 20 item 8: numbers, dates, hints and counters a new user reads as they are meant.

test.describe('layout and formatting', () => {
  test('masked numbers use the Belgian grouping and never break mid-number (general)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await passwordStep(page, GENERAL, MFA_USER);
    await expect(page).toHaveURL(/\/mfa\/methods\?/);
    const target = page.getByRole('button', { name: /Text message/ });
    // No-break spaces hold the number together; the stars follow Belgium's 470 00 00 05.
    await expect(target).toContainText('+32\u00a0***\u00a0**\u00a0**\u00a005');
  });

  test('masked numbers use the Luxembourg grouping, not the Belgian one', async ({ page }) => {
    await page.goto(`${LUXEMBOURG}/forgot-username`);
    await page.getByRole('tab', { name: /carte|card/i }).or(page.getByRole('link', { name: /carte/i })).first().click().catch(() => undefined);
    await page.getByLabel(/Numéro de carte/).fill('5065 0000 0000 0107');
  });
});
