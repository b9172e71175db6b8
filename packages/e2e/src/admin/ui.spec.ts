import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { GENERAL, LUXEMBOURG } from '../support/urls';
import { staffSignIn } from './helpers';

// Every screen of the console at 1280 and 390 px in both editions, axe clean. With ADMIN_SHOTS=dir
// each is also saved as a PNG there (to look at them).

const SHOTS = process.env.ADMIN_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

async function check(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const EDITIONS = [
  {
    origin: GENERAL,
    tag: 'general',
    support: 'desk-support@demo.test',
    security: 'desk-security@demo.test',
    name: 'Pee',
    person: 'Emma Peeters',
  },
  {
    origin: LUXEMBOURG,
    tag: 'lu',
    support: 'desk-support@demo.lu',
    security: 'desk-security@demo.lu',
    name: 'Sch',
    person: 'Léa Schmit',
  },
] as const;

for (const edition of EDITIONS) {
  test(`support's screens are usable at 1280 and 390 px, axe clean (${edition.tag})`, async ({ page }) => {
    test.setTimeout(90_000);
    await staffSignIn(page, edition.origin, edition.support);
    await check(page, `${edition.tag}-home`);
    await page.getByRole('link', { name: 'Accounts' }).first().click();
    await page.getByLabel('Search for').fill(edition.name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('account-hits').getByRole('link', { name: edition.person })).toBeVisible();
    await check(page, `${edition.tag}-accounts`);
    // Two characters: refused beside the field, without a request.
    await page.getByLabel('Search for').fill('ab');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('Please type at least 3 characters.')).toBeVisible();
    await check(page, `${edition.tag}-accounts-error`);
    await page.getByLabel('Search for').fill(edition.name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('account-hits').getByRole('link', { name: edition.person }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(edition.person);
    await check(page, `${edition.tag}-account`);
    // A reveal asks why; an empty reason is refused beside its field.
    await page.getByRole('button', { name: 'Reveal' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reveal' }).click();
    await expect(dialog.getByText('Please say why you are doing this.')).toBeVisible();
    await check(page, `${edition.tag}-reveal-dialog`);
    await dialog.getByLabel('Reason').fill('caller asks which card is linked');
    await dialog.getByRole('button', { name: 'Reveal' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Ask for an MFA reset' }).click();
    await check(page, `${edition.tag}-mfa-reset-dialog`);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  test(`security's screens are usable at 1280 and 390 px, axe clean (${edition.tag})`, async ({ page }) => {
    test.setTimeout(90_000);
    await staffSignIn(page, edition.origin, edition.security);
    await page.getByRole('link', { name: 'MFA resets' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('MFA resets');
    await check(page, `${edition.tag}-mfa-resets`);
    await page.getByRole('link', { name: 'Audit' }).first().click();
    await expect(page.getByTestId('audit-rows')).toBeVisible();
    await check(page, `${edition.tag}-audit`);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('quarterly access review');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toBe('audit.csv');
    await page.getByRole('link', { name: 'Staff' }).first().click();
    await expect(page.getByTestId('staff')).toContainText(
      edition.security.startsWith('desk') ? 'Security' : '',
    );
    await check(page, `${edition.tag}-staff`);
  });
}
