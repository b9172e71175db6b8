import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmail } from '../support/login';
import { logInWithEmailCode } from '../support/mfa';
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

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Whether two boxes share any pixel. */
const overlap = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

// A toast on a phone sits under the top bar: at the bottom it covered the new recovery keys and
// their Copy button for its six seconds. Runs after the mfa/ specs: the keys of these accounts change.
for (const { origin, email } of [
  { origin: LUXEMBOURG, email: 'mfa@demo.lu' },
  { origin: GENERAL, email: 'mfa@demo.test' },
]) {
  test(`new recovery keys are not covered by their toast (${new URL(origin).hostname}, 390 px)`, async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await logInWithEmailCode(page, origin, email);
    await page.goto(`${origin}/security/edit-recovery`);
    await page.getByRole('button', { name: 'Generate new recovery keys' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Generate new keys' }).click();
    await expect(page).toHaveURL(/\/setup-totp\/success\?isRegenerated=true/);
    const toast = page.getByRole('status').filter({ hasText: 'New recovery keys created.' });
    await expect(toast).toBeVisible();
    const keys = page.getByTestId('recovery-keys');
    await expect(keys.locator('li')).toHaveCount(10);
    const covered = await page.evaluate(() => {
      const box = (node: Element) => {
        const { left, right, top, bottom } = node.getBoundingClientRect();
        return { left, right, top, bottom };
      };
      const toastBox = Array.from(document.querySelectorAll('[role="status"] > *')).map(box);
      const shown = [
        ...Array.from(document.querySelectorAll('[data-testid="recovery-keys"] li')),
        ...Array.from(document.querySelectorAll('main button')),
      ]
        .filter((node) => !node.closest('[role="status"]'))
        .map(box)
        .filter((b) => b.bottom > 0 && b.top < window.innerHeight);
      return { toastBox, shown };
    });
    expect(covered.toastBox.length).toBeGreaterThan(0);
    expect(covered.shown.length).toBeGreaterThan(0);
    for (const box of covered.shown) for (const t of covered.toastBox) expect(overlap(box, t)).toBe(false);
  });
}
