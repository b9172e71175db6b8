import { expect, test } from '@playwright/test';
import { GENERAL } from '../support/urls';

async function submit(page: import('@playwright/test').Page, username: string, password: string) {
  await page.locator('input[autocomplete~="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

test.describe('login (errors)', () => {
  test('shows the SPEC text for a wrong password and stays on the login screen', async ({ page }) => {
    await page.goto(`${GENERAL}/login/email`);
    await submit(page, 'employee@demo.test', 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid username/password.');
    await expect(page).toHaveURL(/\/login\/email$/);
  });

  test('shows the rate-limit text after too many attempts on one username', async ({ page }) => {
    await page.goto(`${GENERAL}/login/email`);
    const username = `rate-${Date.now()}@demo.test`;
    for (let i = 0; i < 5; i++) {
      await submit(page, username, `wrong-${i}`);
      await expect(page.getByRole('alert')).toHaveText('Invalid username/password.');
    }
    await submit(page, username, 'wrong-again');
    // SPEC's words, then the wait of the answer's Retry-After on a line of its own.
    const alert = page.getByRole('alert');
    await expect
      // biome-ignore lint/performance/useDomNodeTextContent: innerText shows the line break as rendered (CSS), textContent would not prove it.
      .poll(() => alert.evaluate((node) => (node as HTMLElement).innerText))
      .toMatch(/^Too many attempts\. Please try again later\.\nYou can try again in 1[45] minutes\.$/);
  });

  test('shows the generic text when the server fails', async ({ page }) => {
    // Fault injection at the network layer: the real server never answers 500 on purpose.
    await page.route('**/api/token', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":"server_error","message":"x"}',
      }),
    );
    await page.goto(`${GENERAL}/login/email`);
    await submit(page, 'employee@demo.test', 'whatever-password');
    await expect(page.getByRole('alert')).toHaveText('An error has occurred. Please try again later.');
  });

  test('asks for the fields before calling the server', async ({ page }) => {
    await page.goto(`${GENERAL}/login/email`);
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  });
});
