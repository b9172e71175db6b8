import { expect, type Page, test } from '@playwright/test';
import { logInGeneral, openProfile } from '../profile/helpers';
import { expectNoAxeViolations } from '../support/axe';
import { codeFromInbox, passwordStep } from '../support/mfa';
import { startPartnerApp } from '../support/partnerApp';
import { DEMO_PASSWORD, GENERAL, LUXEMBOURG } from '../support/urls';

// Keyboard use: where the focus goes after a navigation, that it shows, that Escape closes what
// an inline form opened, and that Tab follows what the eye reads.

const WIDTHS = [390, 1280] as const;

async function outlineOf(page: Page, selector: string) {
  return page.locator(selector).evaluate((node) => {
    const style = getComputedStyle(node);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });
}

for (const width of WIDTHS)
  for (const [origin, email] of [
    [GENERAL, 'mfa@demo.test'],
    [LUXEMBOURG, 'mfa@demo.lu'],
  ] as const) {
    const where = `${new URL(origin).hostname}, ${width} px`;
    test.describe(`focus after a navigation (${where})`, () => {
      test.use({ viewport: { width, height: 844 } });

      test('a code page focuses its code field; a page reached by a click shows its focused heading', async ({
        page,
      }) => {
        const since = Date.now();
        await passwordStep(page, origin, email);
        await expect(page).toHaveURL(/\/mfa\/methods\?/);
        await page.getByRole('button', { name: /^E-mail/ }).click();
        await expect(page).toHaveURL(/\/mfa\?/);
        await expect(page.locator('input[autocomplete="one-time-code"]')).toBeFocused();
        await page.keyboard.type(await codeFromInbox(page, GENERAL, email, since));
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/user\/dashboard$/);
        await page
          .getByRole('navigation', { name: 'Account' })
          .getByRole('link', { name: 'Security' })
          .click();
        await expect(page).toHaveURL(/\/security$/);
        const heading = page.locator('main h1');
        await expect(heading).toBeFocused();
        expect(await outlineOf(page, 'main h1')).toBe('solid 3px');
      });
    });
  }

test.describe('Escape closes inline forms', () => {
  for (const width of WIDTHS)
    test(`the add-phone form closes on Escape and the focus goes to its list (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      await logInGeneral(page);
      await openProfile(page);
      const phones = page.locator('[data-contacts="phone"]');
      await phones.getByRole('button', { name: 'Add a phone number' }).click();
      const field = phones.getByLabel('New phone number');
      await expect(field).toBeFocused();
      await field.fill('0470 12');
      await page.keyboard.press('Escape');
      await expect(field).toHaveCount(0);
      await expect(phones.getByRole('heading', { name: 'Phone numbers' })).toBeFocused();
      await expect(phones.getByRole('button', { name: 'Add a phone number' })).toBeVisible();
    });
});

test.describe('consent screen', () => {
  test('at 1280 px Tab goes from the left button to the right one', async ({ page }) => {
    const partner = await startPartnerApp(GENERAL);
    try {
      await page.goto(partner.origin);
      await page.getByRole('link', { name: 'Log in with Vestibule' }).click();
      await expect(page).toHaveURL(/\/login\/email$/);
      await page.locator('input[autocomplete~="username"]').fill('fridom@demo.test');
      await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/approve\?uid=/);
      // fridom@demo.test reads Dutch, spoken to with "je" as everywhere else.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Demo Partner wil toegang tot je Vestibule-account',
      );
      // The two answers are the card's only buttons, allow first.
      await expect(page.locator('main button')).toHaveText(['Toegang toestaan', 'Weigeren']);
      const [allow, refuse] = [page.locator('main button').nth(0), page.locator('main button').nth(1)];
      const [first, second] = [await allow.boundingBox(), await refuse.boundingBox()];
      // Same row, and the first in the tab order is the one on the left.
      expect(first?.y).toBe(second?.y);
      expect(first!.x).toBeLessThan(second!.x);
      await allow.focus();
      await page.keyboard.press('Tab');
      await expect(refuse).toBeFocused();
      await expectNoAxeViolations(page);
    } finally {
      await partner.close();
    }
  });
});
