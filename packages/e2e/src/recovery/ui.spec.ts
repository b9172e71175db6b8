import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { GENERAL, LUXEMBOURG } from '../support/urls';
import { askForCode } from './helpers';

const layouts = [
  { name: 'mobile', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

/** Looks finished: no axe violation, nothing wider than the screen. */
async function checkScreen(page: Page) {
  await expect(page.locator('h1')).toBeVisible();
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A recovery state as the code screen leaves it, for screens reached later in the flow. */
async function seedState(page: Page, origin: string, extra: Record<string, unknown>) {
  await page.goto(`${origin}/forgot-password/email`);
  await page.evaluate((state) => sessionStorage.setItem('recovery', JSON.stringify(state)), {
    username: 'recovery@demo.test',
    usernameKind: 'email',
    payload: '00000000-0000-4000-8000-000000000000',
    recipient: ['r***@demo.test'],
    technology: 'EMAIL',
    resendAt: 0,
    ...extra,
  });
}

for (const layout of layouts) {
  test.describe(`${layout.name} layout`, () => {
    test.use({ viewport: layout.viewport });

    for (const origin of [GENERAL, LUXEMBOURG]) {
      const host = new URL(origin).hostname;

      test(`forgot-password screens have no axe violations (${host})`, async ({ page }) => {
        await page.goto(`${origin}/forgot-password/email`);
        await checkScreen(page);
        await page.goto(`${origin}/forgot-password/phone`);
        await checkScreen(page);
        await askForCode(page, origin, 'email', `ui-${layout.name}-${Date.now()}@demo.test`);
        await checkScreen(page);
        await seedState(page, origin, { resetToken: 'not-a-real-token' });
        await page.goto(`${origin}/reset-password`);
        await checkScreen(page);
        await seedState(page, origin, { done: true });
        await page.goto(`${origin}/reset-password-confirmed`);
        await checkScreen(page);
      });

      test(`forgot-username screens have no axe violations (${host})`, async ({ page }) => {
        await page.goto(`${origin}/forgot-username`);
        await checkScreen(page);
        await page.getByRole('button', { name: /National/ }).click();
        await checkScreen(page);
        await page.getByRole('button', { name: 'Card number' }).click();
        await page
          .getByLabel('Card number', { exact: true })
          .fill(origin === GENERAL ? '5065000000000001' : '5065000000000019');
        await page.getByRole('button', { name: 'Find my username' }).click();
        await expect(page).toHaveURL(/\/forgot-username-response$/);
        await checkScreen(page);
      });
    }
  });
}

test('no captcha is loaded or allowed by the CSP when none is configured', async ({ page }) => {
  const response = await page.goto(`${GENERAL}/forgot-password/email`);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).not.toMatch(/cloudflare|hcaptcha|recaptcha|frame-src/);
  await expect(page.locator('input[autocomplete~="username"]')).toBeVisible();
  expect(await page.locator('script[src*="captcha"], script[src*="turnstile"]').count()).toBe(0);
  await expect(page.getByRole('group', { name: 'Security check' })).toHaveCount(0);
});
