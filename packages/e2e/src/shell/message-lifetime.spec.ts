import { expect, type Page, test } from '@playwright/test';
import { chooseMethod, codeFromInbox, enterCode, passwordStep } from '../support/mfa';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// A message belongs to its moment: an error about a code is gone once a new code is sent, and a
// step-up's "Identity confirmed." shows on the page it opened, not on the pages after it.

async function stepUpForIban(page: Page, origin: string, email: string) {
  await passwordStep(page, origin, email);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto(`${origin}/profile`);
  const since = Date.now();
  await page.getByRole('link', { name: /IBAN/ }).click();
  await chooseMethod(page, /^E-mail/);
  await enterCode(page, await codeFromInbox(page, GENERAL, email, since));
  await expect(page).toHaveURL(/\/profile\/edit-iban$/);
}

for (const { origin, email, width } of [
  { origin: GENERAL, email: 'employee@demo.test', width: 390 },
  { origin: LUXEMBOURG, email: 'profile@demo.lu', width: 1280 },
]) {
  test(`"Identity confirmed." stays with the page the step-up opened (${new URL(origin).hostname}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await stepUpForIban(page, origin, email);
    const toast = page.getByRole('status').filter({ hasText: 'Identity confirmed.' });
    await expect(toast).toBeVisible();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/security$/);
    // Gone with the page change, not after its 6-second timer.
    await expect(toast).toHaveCount(0, { timeout: 1_000 });
  });
}

test("a wrong code's error is gone once a new code is sent (lu.localhost, 390 px)", async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await passwordStep(page, LUXEMBOURG, 'mfa@demo.lu');
  await chooseMethod(page, /Text message/);
  await enterCode(page, '00000000');
  const error = page.getByText('Your code is invalid, try again.');
  await expect(error).toBeVisible();
  const resend = page.getByRole('button', { name: 'Send a new code' });
  await expect(resend).toBeEnabled({ timeout: 20_000 });
  await resend.click();
  await expect(page.getByText('A new code is on its way.')).toBeVisible();
  await expect(error).toHaveCount(0);
});

// Every code screen, as the login's: the forgot-password code of an address no account uses
// (the screen answers as for a known one), so no account's hourly budget is spent.
test("a wrong reset code's error is gone once a new code is sent (localhost, 1280 px)", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${GENERAL}/forgot-password/email`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await page.locator('input[autocomplete~="username"]').fill(`nobody-${Date.now()}@demo.test`);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/forgot-password-sent$/);
  await page.locator('input[autocomplete="one-time-code"]').fill('00000000');
  await page.locator('form button[type="submit"]').click();
  const error = page.getByText('Your code is invalid, try again.');
  await expect(error).toBeVisible();
  const resend = page.getByRole('button', { name: 'Send a new code by e-mail' });
  await expect(resend).toBeEnabled({ timeout: 20_000 });
  await resend.click();
  await expect(page.getByText('A new code is on its way.')).toBeVisible();
  await expect(error).toHaveCount(0);
});
