import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import {
  chooseMethod,
  codeFromInbox,
  enterCode,
  logInWithEmailCode,
  MFA_PHONE,
  MFA_USER,
  passwordStep,
} from '../support/mfa';
import { tooManyRequests } from '../support/page';
import { DEMO_PASSWORD, GENERAL, LUXEMBOURG } from '../support/urls';

test.describe('MFA (errors)', () => {
  test('a wrong code shows inline until the user types again', async ({ page }) => {
    await passwordStep(page, GENERAL, MFA_USER);
    await chooseMethod(page, /E-mail/);
    const field = page.locator('input[autocomplete="one-time-code"]');
    await enterCode(page, '00000000');
    await expect(page.getByText('Your code is invalid, try again.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.press('End');
    await field.press('Backspace');
    await expect(page.getByText('Your code is invalid, try again.')).toHaveCount(0);
  });

  test('the code field keeps letters and digits only, and checks the length before posting', async ({
    page,
  }) => {
    await passwordStep(page, GENERAL, MFA_USER);
    await chooseMethod(page, /E-mail/);
    const field = page.locator('input[autocomplete="one-time-code"]');
    await field.fill('12-34 5');
    await expect(field).toHaveValue('12345');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('The code has 8 digits.')).toBeVisible();
  });

  test('the resend link waits for its countdown, then sends a new code', async ({ page }) => {
    await passwordStep(page, GENERAL, MFA_USER);
    await chooseMethod(page, /Text message/);
    const resend = page.getByRole('button', { name: 'Send a new code' });
    await expect(resend).toBeDisabled();
    await expect(page.getByText(/You can ask for a new code in 1?\d\ss\./)).toBeVisible();
    await expect(resend).toBeEnabled({ timeout: 17_000 });
    const since = Date.now();
    await resend.click();
    await expect(page.getByText('A new code is on its way.')).toBeVisible();
    await expect(resend).toBeDisabled();
    await expect(page.getByText(/You can ask for a new code in (30|29|28)\ss\./)).toBeVisible();
    await enterCode(page, await codeFromInbox(page, GENERAL, MFA_PHONE, since));
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  test('mfa-methods in login mode without a login payload goes back to login', async ({ page }) => {
    await page.goto(`${GENERAL}/mfa/methods?isLogin=true&methods=[]`);
    await expect(page).toHaveURL(/\/login\/email$/);
  });

  test('the last SMS method cannot be deleted', async ({ page }) => {
    await logInWithEmailCode(page, GENERAL, MFA_USER);
    await page.goto(`${GENERAL}/security/mfa-edit`);
    await page.getByRole('button', { name: /^Delete Text message/ }).click();
    await expect(
      page.getByText('You must keep at least one email and one SMS verification method.'),
    ).toBeVisible();
  });

  test('a forced user leaving the setup is logged out', async ({ page }) => {
    await page.goto(`${GENERAL}/login/email`);
    await page.locator('input[autocomplete~="username"]').fill('forced@demo.test');
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/setup-mfa$/);
    // The top bar's home link is an in-app navigation away from the setup.
    await page.locator('header a').first().click();
    await expect(page).toHaveURL(/\/login\/email$/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });
});

// After the number's hourly SMS budget (SMS pumping, cost), the code screen says so, not "Too
// many attempts" as if the code were wrong; resending stays off and the other methods are offered.
for (const { edition, origin, user, viewport } of [
  { edition: 'general', origin: GENERAL, user: MFA_USER, viewport: { width: 390, height: 844 } },
  { edition: 'Luxembourg', origin: LUXEMBOURG, user: 'mfa@demo.lu', viewport: { width: 1280, height: 800 } },
])
  test(`a spent SMS budget is named, resending stops and other methods are offered (${edition})`, async ({
    browser,
  }) => {
    const page = await (await browser.newContext({ viewport })).newPage();
    await passwordStep(page, origin, user);
    await chooseMethod(page, /Text message/);
    // Spending five real SMS on the demo number would starve the other specs: the answer the
    // server gives then, injected at the network layer.
    await tooManyRequests(page, '**/api/mfa/resend', 'sms_limit_reached', 1680);
    const resend = page.getByRole('button', { name: 'Send a new code' });
    await expect(resend).toBeEnabled({ timeout: 17_000 });
    await resend.click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(
      'This number has received as many text messages as we can send in an hour. Choose another way to get your code.',
    );
    await expect(alert).toContainText('You can try again in 28 minutes.');
    await expect(alert).not.toContainText('Too many attempts');
    await expect(resend).toBeDisabled();
    await expectNoAxeViolations(page);
    await alert.getByRole('link', { name: 'Choose a method again' }).click();
    await expect(page).toHaveURL(/\/mfa\/methods\?/);
    await page.context().close();
  });

// A too-short recovery key is named beside its field, not refused as "some fields are missing".
for (const { edition, origin, user, viewport } of [
  { edition: 'general', origin: GENERAL, user: MFA_USER, viewport: { width: 1280, height: 800 } },
  { edition: 'Luxembourg', origin: LUXEMBOURG, user: 'mfa@demo.lu', viewport: { width: 390, height: 844 } },
])
  test(`a too-short recovery key is named at its field (${edition})`, async ({ browser }) => {
    const page = await (await browser.newContext({ viewport })).newPage();
    await passwordStep(page, origin, user);
    await chooseMethod(page, /Recovery key/);
    const field = page.getByLabel('Recovery key');
    await field.fill('ABCDE-123');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByText('The recovery key has 10 letters and digits, for example ABCDE-12345.'),
    ).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Some fields are missing or invalid.')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.context().close();
  });
