import { expect, type Page, test } from '@playwright/test';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// Errors say what happened. One mapping from error code to message serves every
// screen: a 429 says "Too many attempts" with the wait. Expected answers (a visitor who is not
// logged in) are not console errors.

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

for (const { name, origin, tooMany } of [
  {
    name: 'general',
    origin: GENERAL,
    tooMany: /^Too many attempts\. Please try again later\.\nYou can try again in 15 minutes\.$/,
  },
  {
    name: 'Luxembourg',
    origin: LUXEMBOURG,
    tooMany:
      /^Too many attempts\. Please try again later\.\nYou can try again in 15 minutes\.$|^Trop de tentatives\. Veuillez réessayer plus tard\.\nVous pourrez réessayer dans 15 minutes\.$/,
  },
]) {
  test.describe(`error messages (${name})`, () => {
    test('a first visit to the login page logs no console error', async ({ page }) => {
      const errors = consoleErrors(page);
      await page.goto(`${origin}/login/email`);
      await expect(page.locator('input[autocomplete~="username"]')).toBeVisible();
      // The session resume has answered (no login cookie: nothing to resume).
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    });

    test('a 429 on the login says SPEC\'s "Too many attempts", the wait on its own line', async ({
      page,
    }) => {
      await page.route('**/api/token', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 429,
              contentType: 'application/json',
              headers: { 'Retry-After': '900' },
              body: JSON.stringify({ code: 'too_many_attempts', message: 'Too many attempts.' }),
            })
          : route.continue(),
      );
      await page.goto(`${origin}/login/email`);
      await page.locator('input[autocomplete~="username"]').fill('someone@example.com');
      await page.locator('input[autocomplete="current-password"]').fill('Some-password-1');
      await page.locator('form button[type="submit"]').click();
      const alert = page.getByRole('alert');
      // biome-ignore lint/performance/useDomNodeTextContent: innerText shows the line break as rendered (CSS), textContent would not prove it.
      await expect.poll(() => alert.evaluate((node) => (node as HTMLElement).innerText)).toMatch(tooMany);
    });
  });
}
