import { expect, test } from '@playwright/test';
import { logInWithEmail } from '../support/login';
import { GENERAL, LUXEMBOURG } from '../support/urls';

const PORT = new URL(GENERAL).port;

const cases = [
  { email: 'employee@demo.test', origin: GENERAL, rows: ['myArea', 'deals'] },
  // mfa_customer: the customer MFA intro comes first and may be skipped (SPEC §4).
  {
    email: 'customer@demo.test',
    origin: GENERAL,
    rows: ['clientArea', 'deals'],
    skipSetup: 'Ignorer pour le moment',
  },
  { email: 'fridom@demo.test', origin: GENERAL, rows: ['myArea', 'fridom', 'deals'] },
  { email: 'employee@demo.lu', origin: LUXEMBOURG, rows: ['myArea'] },
];

test.describe('dashboard rows', () => {
  for (const { email, origin, rows, skipSetup } of cases) {
    test(`${email} sees exactly ${rows.join(', ')}`, async ({ page }) => {
      await logInWithEmail(page, origin, email, undefined, skipSetup);
      const shown = await page
        .locator('[data-service]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-service')));
      expect(shown.sort()).toEqual([...rows].sort());
    });
  }

  test('builds area links by replacing the account subdomain of the current host', async ({ page }) => {
    await logInWithEmail(page, GENERAL, 'fridom@demo.test');
    await expect(page.locator('[data-service="myArea"] a')).toHaveAttribute(
      'href',
      `http://my.localhost:${PORT}/`,
    );
    await expect(page.locator('[data-service="fridom"] a')).toHaveAttribute(
      'href',
      `http://fridom.localhost:${PORT}/`,
    );
  });
});
