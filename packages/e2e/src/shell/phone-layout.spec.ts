import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmail } from '../support/login';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// What a 390 px phone shows: nothing scrolls sideways, the top bar and the tab bar keep one line
// in the longest languages, and notifications stay one tap away in the top bar.

const PHONE = { width: 390, height: 844 };

/** Pixels the page scrolls sideways (0 when it fits the screen). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** How many lines an element's text takes (its height over its line height). */
const lines = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((nodes) =>
    nodes.map((node) => {
      const style = getComputedStyle(node);
      return Math.round(node.getBoundingClientRect().height / Number.parseFloat(style.lineHeight));
    }),
  );

// The Luxembourg edition offers French and English, whose labels fit.
for (const { origin, locale, tab } of [{ origin: GENERAL, locale: 'nl', tab: 'Rijksregisternummer' }]) {
  test.describe(`/forgot-username in ${locale} at 390 px`, () => {
    test.use({ viewport: PHONE });
    test(`the "${tab}" switch stays within the screen`, async ({ page }) => {
      await page.goto(`${origin}/forgot-username`);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
      await page.locator('header select').selectOption(locale);
      await expect(page.locator('html')).toHaveAttribute('lang', locale.replace('_', '-'));
      const button = page.locator('fieldset button').nth(1);
      await expect(button).toHaveText(tab.replace('register', 'register\u00ad'));
      expect(await sideways(page)).toBe(0);
      expect(await button.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
      await expectNoAxeViolations(page);
    });
  });
}

for (const { origin, email, language } of [
  { origin: LUXEMBOURG, email: 'employee@demo.lu', language: 'French' },
  { origin: GENERAL, email: 'fridom@demo.test', language: 'Dutch' },
]) {
  test.describe(`signed in at 390 px (${new URL(origin).hostname}, ${language})`, () => {
    test.use({ viewport: PHONE });
    test('the top bar and the tab labels keep one line; notifications are in the top bar, read or not', async ({
      page,
    }) => {
      await logInWithEmail(page, origin, email);
      const short = new URL(origin).hostname.startsWith('lu.') ? 'brand-short' : 'brand-name';
      expect(await lines(page, `[data-testid="${short}"]`)).toEqual([1]);
      const labels = await lines(page, 'nav li:not([class*="sidebarOnly"]) a > span:last-of-type');
      expect(labels).toHaveLength(4);
      expect(labels.every((count) => count === 1)).toBe(true);
      expect(await sideways(page)).toBe(0);
      const bell = page.getByTestId('header-notifications');
      await expect(bell).toBeVisible();
      await expectNoAxeViolations(page);
      await bell.click();
      await expect(page).toHaveURL(/\/notifications$/);
      // Read now: the bell stays.
      await page.goto(`${origin}/user/dashboard`);
      await expect(bell).toBeVisible();
    });
  });
}

test('at 1280 px notifications stay in the sidebar, not in the top bar', async ({ page }) => {
  await logInWithEmail(page, GENERAL, 'employee@demo.test');
  await expect(page.getByTestId('header-notifications')).toBeHidden();
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: /^Notifications/ }),
  ).toBeVisible();
  await expect(page.getByTestId('brand-name')).toHaveText('Vestibule');
});
