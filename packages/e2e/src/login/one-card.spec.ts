import { expect, type Page, test } from '@playwright/test';
import { openApp } from '../support/page';
import { DEMO_PASSWORD, GENERAL, LUXEMBOURG } from '../support/urls';

// One login keeps one card: its width does not jump between the password, the choice of method
// and the code, and the choice draws each method with an icon of its own.

/** The width of the page's card (the section holding the h1). */
const cardWidth = (page: Page) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 1 }) })
    .evaluate((node) => Math.round(node.getBoundingClientRect().width));

/** The drawing of a method's icon on the choice of method. */
const iconOf = (page: Page, name: RegExp) =>
  page.getByRole('button', { name }).locator('svg').first().locator('path').getAttribute('d');

for (const { origin, email } of [
  { origin: GENERAL, email: 'mfa@demo.test' },
  { origin: LUXEMBOURG, email: 'mfa@demo.lu' },
]) {
  test(`the login's card keeps its width to the code, each method its icon (${new URL(origin).hostname}, 1280 px)`, async ({
    page,
  }) => {
    await openApp(page, `${origin}/login/email`);
    const width = await cardWidth(page);
    await page.locator('input[autocomplete~="username"]').fill(email);
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/mfa\/methods\?/);
    await expect(page.getByRole('button', { name: /^Recovery key/ })).toBeVisible();
    expect(await cardWidth(page)).toBe(width);
    const authenticator = await iconOf(page, /^Authenticator app/);
    const recoveryKey = await iconOf(page, /^Recovery key/);
    expect(authenticator).toBeTruthy();
    expect(authenticator).not.toBe(recoveryKey);
    await page.getByRole('button', { name: /^E-mail/ }).click();
    await expect(page).toHaveURL(/\/mfa\?/);
    await expect(page.locator('input[autocomplete="one-time-code"]')).toBeVisible();
    expect(await cardWidth(page)).toBe(width);
  });
}
