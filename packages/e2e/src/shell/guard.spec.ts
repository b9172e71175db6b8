import { expect, test } from '@playwright/test';
import { handoverCode, logInWithEmail } from '../support/login';
import { DEMO_PASSWORD, GENERAL } from '../support/urls';

test.describe('navigation guard', () => {
  test('/ and unknown paths lead a visitor to /login/email, /login too', async ({ page }) => {
    await page.goto(`${GENERAL}/`);
    await expect(page).toHaveURL(/\/login\/email$/);
    await page.goto(`${GENERAL}/no/such/page`);
    await expect(page).toHaveURL(/\/login\/email$/);
    await page.goto(`${GENERAL}/login`);
    await expect(page).toHaveURL(/\/login\/email$/);
  });

  test('a visitor on a private route logs in and returns to it', async ({ page }) => {
    await page.goto(`${GENERAL}/user/dashboard`);
    await expect(page).toHaveURL(/\/login\/email$/);
    const target = await page.evaluate(() => sessionStorage.getItem('target_url'));
    expect(target).toBe('/user/dashboard');
    await page.locator('input[autocomplete~="username"]').fill('employee@demo.test');
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  test('a logged-in user on a public route goes home, and unknown paths go home', async ({ page }) => {
    await logInWithEmail(page, GENERAL, 'employee@demo.test');
    await page.goto(`${GENERAL}/login/email`);
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await page.goto(`${GENERAL}/somewhere/else`);
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  test('a hand-over code in the URL hash logs the user in once they confirm, and the hash is removed', async ({
    page,
    request,
  }) => {
    const code = await handoverCode(request, 'fridom@demo.test');
    await page.goto(`${GENERAL}/user/dashboard#token=${code}:isOriginApp=false`);
    await page.getByRole('button', { name: 'Continue as Finn' }).click();
    // Finn's language is Dutch: the user's language wins once known.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welkom, Finn');
    expect(new URL(page.url()).hash).toBe('');
  });
});
