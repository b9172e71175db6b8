import { expect, type Page, test } from '@playwright/test';
import { logInWithEmail } from '../support/login';
import { openApp } from '../support/page';
import { GENERAL } from '../support/urls';

// The pseudo-locale (decision 0083): every English text accented, about 40 % longer and in
// brackets, as a long translation would be. At a phone's and a desktop's width the login page and a
// signed-in page still fit: nothing scrolls sideways, no main button clips its label and nothing in
// the header is drawn over the brand's name.

/** Pixels the page scrolls sideways (0 when it fits the screen). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The visible buttons of the page's main part whose label does not fit inside them. */
const clippedButtons = (page: Page) =>
  page.locator('main button, main a[class*="button" i]').evaluateAll((nodes) =>
    nodes
      .filter((node) => node.getClientRects().length > 0)
      .filter((node) => node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1)
      .map((node) => node.textContent),
  );

/**
 * The header's parts that overlap one another, as pairs of names: the brand's drawn name, the
 * language menu and the buttons and links beside it.
 */
const headerOverlaps = (page: Page) =>
  page.getByRole('banner').evaluate((header) => {
    const brand =
      header.querySelector('[data-testid="brand-short"]') ??
      header.querySelector('[data-testid="brand-name"]');
    const parts = [
      brand,
      ...Array.from(header.querySelectorAll('select, button, [id="topbar-links"] a')),
    ].filter((node): node is Element => node !== null && node.getClientRects().length > 0);
    const found: string[] = [];
    parts.forEach((a, i) => {
      for (const b of parts.slice(i + 1)) {
        const r = a.getBoundingClientRect();
        const q = b.getBoundingClientRect();
        if (r.left < q.right && q.left < r.right && r.top < q.bottom && q.top < r.bottom)
          found.push(`${a.outerHTML.slice(0, 60)} / ${b.outerHTML.slice(0, 60)}`);
      }
    });
    return found;
  });

async function expectFits(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  expect(await sideways(page)).toBe(0);
  expect(await clippedButtons(page)).toEqual([]);
}

for (const width of [390, 1280]) {
  test.describe(`the pseudo-locale at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });
    test.beforeEach(async ({ context }) => {
      await context.addCookies([{ name: 'vestibule_pseudo_locale', value: 'on', url: GENERAL }]);
    });

    test('the login page and the dashboard fit, their buttons unclipped', async ({ page }) => {
      await openApp(page, `${GENERAL}/login/email`);
      const submit = page.locator('form button[type="submit"]');
      // Pseudo-localised texts, or this would prove nothing.
      await expect(submit).toHaveText(/^\[.+\]$/);
      await expectFits(page, `login-${width}`);

      await logInWithEmail(page, GENERAL, 'employee@demo.test');
      await expect(page.locator('h1')).toHaveText(/^\[.+\]$/);
      await expectFits(page, `dashboard-${width}`);
      // The header's brand, language menu and buttons side by side, none drawn over another.
      await expect(page.getByRole('banner').locator('select')).toHaveText(/\[.+\]/);
      expect(await headerOverlaps(page)).toEqual([]);
    });
  });
}
