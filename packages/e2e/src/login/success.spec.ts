import { expect, test } from '@playwright/test';
import { logInWithEmail } from '../support/login';
import { DEMO_PASSWORD, GENERAL } from '../support/urls';

test.describe('login (success)', () => {
  test('logs in with e-mail and lands on the dashboard with a welcome by firstname', async ({ page }) => {
    await logInWithEmail(page, GENERAL, 'employee@demo.test');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Emma');
    await expect(page).toHaveTitle(/Vestibule/);
  });

  test('logs in with a phone number typed in national format', async ({ page }) => {
    await page.goto(`${GENERAL}/login/phone`);
    await page.locator('input[autocomplete~="username"]').fill('0470 00 00 01');
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Emma');
  });

  test('switches between the e-mail and phone forms', async ({ page }) => {
    await page.goto(`${GENERAL}/login/email`);
    await page.getByRole('link', { name: 'Phone' }).click();
    await expect(page).toHaveURL(/\/login\/phone$/);
    await page.getByRole('link', { name: 'E-mail' }).click();
    await expect(page).toHaveURL(/\/login\/email$/);
  });

  test('keeps the user logged in in a new tab through the login cookie', async ({ page, context }) => {
    await logInWithEmail(page, GENERAL, 'employee@demo.test');
    const second = await context.newPage();
    await second.goto(`${GENERAL}/user/dashboard`);
    await expect(second.getByRole('heading', { level: 1 })).toHaveText('Welcome, Emma');
  });

  test('sends X-Device-ID on every API call and keeps the same device id', async ({ page }) => {
    const deviceIds = new Set<string>();
    page.on('request', (request) => {
      if (request.url().includes('/api/')) deviceIds.add(request.headers()['x-device-id'] ?? 'missing');
    });
    await logInWithEmail(page, GENERAL, 'employee@demo.test');
    expect([...deviceIds]).toHaveLength(1);
    const stored = await page.evaluate(() => localStorage.getItem('device-id'));
    expect([...deviceIds][0]).toBe(stored);
    const account = await page.evaluate(() => JSON.parse(localStorage.getItem('account') ?? 'null'));
    expect(account.firstname).toBe('Emma');
  });
});
