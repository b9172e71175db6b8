import { expect, type Page, test } from '@playwright/test';
import { admin } from '../support/adminCli';
import { logInWithEmail } from '../support/login';
import { GENERAL, LUXEMBOURG } from '../support/urls';

/** The tab comes back into focus until the page has left /maintenance (the server caches 2 s). */
async function refocusUntilLeft(page: Page) {
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page).not.toHaveURL(/\/maintenance$/, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

const EDITIONS = [
  { name: 'general', origin: GENERAL, user: 'employee@demo.test', first: 'nl', order: ['nl', 'fr', 'en'] },
  {
    name: 'Luxembourg',
    origin: LUXEMBOURG,
    user: 'employee@demo.lu',
    first: 'fr-LU',
    order: ['fr-LU', 'en-LU'],
  },
];

test.describe('maintenance: re-checks and leaves', () => {
  test.afterEach(() => {
    admin('maintenance', 'off');
  });

  for (const edition of EDITIONS) {
    test(`${edition.name}: the page re-checks /api/status on focus and goes back where the user was`, async ({
      page,
    }) => {
      admin('maintenance', 'on');
      await page.goto(`${edition.origin}/forgot-username`);
      await expect(page).toHaveURL(/\/maintenance$/);
      // The edition's own languages, in its order.
      const langs = await page
        .locator('main section[lang]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('lang')));
      expect(langs).toEqual(edition.order);
      admin('maintenance', 'off');
      await refocusUntilLeft(page);
      await expect(page).toHaveURL(/\/forgot-username$/);
    });

    test(`${edition.name}: a user inside the app is taken to maintenance at the next API answer, and back`, async ({
      page,
    }) => {
      await logInWithEmail(page, edition.origin, edition.user);
      admin('maintenance', 'on');
      // The server re-reads the flag within 2 s; then the next call to the API (opening the
      // Security page, in the app) answers 503 maintenance.
      await page.waitForTimeout(2500);
      await page.locator('a[href="/security"]').first().click();
      await expect(page).toHaveURL(/\/maintenance$/);
      admin('maintenance', 'off');
      await refocusUntilLeft(page);
      await expect(page).toHaveURL(/\/(security|user\/dashboard)$/);
      await expect(page.locator('a[href="/security"]').first()).toBeVisible();
    });
  }
});
