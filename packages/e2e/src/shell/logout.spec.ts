import { expect, test } from '@playwright/test';
import { logInWithEmail } from '../support/login';
import { failDeletes } from '../support/page';
import { GENERAL } from '../support/urls';

test.describe('logout', () => {
  test('revokes the session, clears stored state and returns to login', async ({ page }) => {
    await logInWithEmail(page, GENERAL, 'employee@demo.test');
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login\/email$/);
    expect(await page.evaluate(() => localStorage.getItem('account'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    // The old token is dead on the server at once.
    const response = await page.request.get(`${GENERAL}/api/user`, {
      headers: { authorization: `Bearer ${token}`, 'x-device-id': crypto.randomUUID() },
    });
    expect(response.status()).toBe(401);
    // And the login cookie no longer resumes a session.
    await page.goto(`${GENERAL}/user/dashboard`);
    await expect(page).toHaveURL(/\/login\/email$/);
  });

  test('shows the SPEC text when logout fails', async ({ page }) => {
    await logInWithEmail(page, GENERAL, 'employee@demo.test');
    await failDeletes(page, '**/api/token');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Something went wrong. Unable to log out.' }),
    ).toBeVisible();
  });
});
