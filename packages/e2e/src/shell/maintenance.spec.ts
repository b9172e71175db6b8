import { expect, test } from '@playwright/test';
import { admin } from '../support/adminCli';
import { GENERAL } from '../support/urls';

test.describe('maintenance', () => {
  test.afterEach(() => {
    admin('maintenance', 'off');
  });

  test('the admin command switches maintenance on: the API answers 503 and the portal shows /maintenance', async ({
    page,
  }) => {
    expect(admin('maintenance', 'on')).toContain('Maintenance is on.');
    const response = await page.request.post(`${GENERAL}/api/token`, {
      headers: { 'x-device-id': crypto.randomUUID() },
      form: { username: 'employee@demo.test', password: 'x' },
    });
    expect(response.status()).toBe(503);
    expect((await response.json()).code).toBe('maintenance');
    await page.goto(`${GENERAL}/login/email`);
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(
      page.getByText('Sorry, you cannot log in at the moment. Please try again later.'),
    ).toBeVisible();
    expect(admin('maintenance', 'off')).toContain('Maintenance is off.');
    await page.goto(`${GENERAL}/login/email`);
    await expect(page).toHaveURL(/\/login\/email$/);
  });
});
