import { expect, test } from '@playwright/test';
import { logInWithEmail } from '../support/login';
import { failDeletes } from '../support/page';
import { GENERAL } from '../support/urls';
import { stepUpWithEmailCode } from './helpers';

test.describe('security tab: errors', () => {
  test('edit-password without a step-up goes to the step-up first', async ({ page }) => {
    await logInWithEmail(page, GENERAL, 'security@demo.test');
    await page.goto(`${GENERAL}/security/edit-password`);
    await expect(page).toHaveURL(/\/mfa\/methods\?.*single=true.*redirect=%2Fsecurity%2Fedit-password/);
  });

  test('a wrong current password and a mismatch are shown next to their fields', async ({ page }) => {
    await logInWithEmail(page, GENERAL, 'security@demo.test');
    await page.goto(`${GENERAL}/security/edit-password`);
    await stepUpWithEmailCode(page, 'security@demo.test');
    await expect(page).toHaveURL(/\/security\/edit-password$/);
    await page.getByLabel('Current password').fill('not-the-password');
    await page.getByLabel('New password', { exact: true }).fill('Lantern-orbit-meadow-47');
    await page.getByLabel('Confirm the new password').fill('Lantern-orbit-meadow-48');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
    await page.getByLabel('Confirm the new password').fill('Lantern-orbit-meadow-47');
    await page.getByRole('button', { name: 'Change password' }).click();
    const current = page.getByLabel('Current password');
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Your current password is not correct.')).toBeVisible();
    await expect(current).toBeFocused();
  });

  test('a failing session delete shows the SPEC text', async ({ page, browser }) => {
    const other = await browser.newContext();
    await logInWithEmail(await other.newPage(), GENERAL, 'security@demo.test');
    await logInWithEmail(page, GENERAL, 'security@demo.test');
    await failDeletes(page, '**/api/sessions/*');
    await page.goto(`${GENERAL}/security/history`);
    await page
      .getByRole('button', { name: /^Log out the session of/ })
      .first()
      .click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'An error occurred while trying to delete the item.' }),
    ).toBeVisible();
    await other.close();
  });
});
