import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { openApp } from '../support/page';
import { GENERAL, LUXEMBOURG } from '../support/urls';
import { staffLogIn } from './helpers';

// The company admin's and the operator's screens (decision 0077) at 1280 and 390 px, both editions:
// each page shows its heading and has no WCAG A/AA violation; the people table stacks its rows.
// With ADMIN_SHOTS=dir each is also saved as a PNG there (to look at them).

const SHOTS = process.env.ADMIN_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/** Saves the page under ADMIN_SHOTS, when it is set. */
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const EDITIONS = [
  {
    name: 'general',
    origin: GENERAL,
    company: 'desk-company@demo.test',
    operator: 'desk-operator@demo.test',
  },
  { name: 'lu', origin: LUXEMBOURG, company: 'desk-company@demo.lu', operator: 'desk-operator@demo.lu' },
] as const;
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

for (const edition of EDITIONS) {
  test(`company admin's screens are usable at 1280 and 390 px, axe clean (${edition.name})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await staffLogIn(page, edition.origin, edition.company);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      for (const tab of ['people', 'invite', 'adoption', 'policy']) {
        await openApp(page, `${edition.origin}/admin/company/${tab}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status')).toHaveCount(0);
        await expectNoAxeViolations(page);
        await shot(page, `company-${tab}-${edition.name}-${size.width}`);
      }
      // No sideways scrolling of the page at either width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    }
  });

  test(`operator's webhooks screen is usable at 1280 and 390 px, axe clean (${edition.name})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await staffLogIn(page, edition.origin, edition.operator);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await openApp(page, `${edition.origin}/admin/webhooks`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('checkbox').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `webhooks-${edition.name}-${size.width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    }
  });
}
