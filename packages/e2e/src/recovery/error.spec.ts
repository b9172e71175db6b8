import { expect, test } from '@playwright/test';
import { GENERAL, LUXEMBOURG } from '../support/urls';
import { askForCode, chooseNewPassword, codeSentTo, enterCode, newestId } from './helpers';

test.describe('recovery (errors)', () => {
  test('an unknown address gets the same code screen, and a wrong code shows inline until typing again', async ({
    page,
  }) => {
    const nobody = `nobody-${Date.now()}@demo.test`;
    await askForCode(page, GENERAL, 'email', nobody);
    await expect(
      page.getByText(`If an account uses n***@demo.test, we have just sent it an 8-digit code.`),
    ).toBeVisible();
    await enterCode(page, '12345678');
    const error = page.getByText('Your code is invalid, try again.');
    await expect(error).toBeVisible();
    await expect(page.locator('input[autocomplete="one-time-code"]')).toHaveAttribute('aria-invalid', 'true');
    await page.locator('input[autocomplete="one-time-code"]').fill('1234567');
    await expect(error).toHaveCount(0);
  });

  test('six wrong codes end the request and offer to start again', async ({ page }) => {
    await askForCode(page, LUXEMBOURG, 'email', `ghost-${Date.now()}@demo.lu`);
    for (let i = 0; i < 5; i++) {
      await enterCode(page, `1234567${i}`);
      await expect(page.getByText('Your code is invalid, try again.')).toBeVisible();
    }
    await enterCode(page, '12345679');
    const alert = page.getByRole('alert').filter({ hasText: 'This code is no longer valid.' });
    await expect(alert).toBeVisible();
    await alert.getByRole('link', { name: 'Start again' }).click();
    await expect(page).toHaveURL(/\/forgot-password\/email$/);
  });

  test('the resend links wait for the countdown', async ({ page }) => {
    await askForCode(page, GENERAL, 'phone', '0470 99 99 99');
    await expect(page.getByText(/If an account uses \+32\s\*\*\*\s\*\*\s\*\*\s99/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send a new code by e-mail' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Send a new code by SMS' })).toBeDisabled();
    await expect(page.getByText(/You can ask for a new code in \d+\ss\./)).toBeVisible();
  });

  test('the form asks for a valid address or phone before calling the server', async ({ page }) => {
    await page.goto(`${GENERAL}/forgot-password/email`);
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByText('Enter your e-mail address.')).toBeVisible();
    await page.goto(`${GENERAL}/forgot-password/phone`);
    await page.locator('input[autocomplete~="username"]').fill('12');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByText('Enter a valid phone number.')).toBeVisible();
  });

  test('the new password must follow the rules and match its confirmation; the token survives a refusal', async ({
    page,
  }) => {
    const before = await newestId(page, 'recovery@demo.test');
    await askForCode(page, GENERAL, 'email', 'recovery@demo.test');
    await enterCode(page, await codeSentTo(page, 'recovery@demo.test', before));
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByText('have 8 to 128 characters')).toBeVisible();
    await chooseNewPassword(page, 'Orbit-lantern-one', 'Orbit-lantern-two');
    await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
    await chooseNewPassword(page, 'password123');
    await expect(page.getByText('This password is too common. Please choose another one.')).toBeVisible();
    await chooseNewPassword(page, 'Demo-password-2026');
    await expect(page.getByText('Your new password must differ from the current one.')).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password$/);
  });

  test('screens of a later step send back to the start without a request in progress', async ({ page }) => {
    await page.goto(`${GENERAL}/reset-password`);
    await expect(page).toHaveURL(/\/forgot-password\/email$/);
    await page.goto(`${GENERAL}/forgot-password-sent`);
    await expect(page).toHaveURL(/\/forgot-password\/email$/);
    await page.goto(`${GENERAL}/forgot-username-response`);
    await expect(page).toHaveURL(/\/forgot-username$/);
    await page.goto(`${GENERAL}/forgot-password`);
    await expect(page).toHaveURL(/\/forgot-password\/email$/);
  });

  test('forgot username refuses invalid numbers and says when none were found', async ({ page }) => {
    await page.goto(`${GENERAL}/forgot-username`);
    const field = page.getByLabel('Card number', { exact: true });
    await field.fill('5065 0000 0000 0002');
    await page.getByRole('button', { name: 'Find my username' }).click();
    await expect(page.getByText('Your card number is invalid.')).toBeVisible();
    await field.fill('5065 0000 0000 0084');
    await page.getByRole('button', { name: 'Find my username' }).click();
    await expect(page.getByText('No username was found for what you entered.')).toBeVisible();

    await page.goto(`${LUXEMBOURG}/forgot-username`);
    await page.getByRole('button', { name: /National/ }).click();
    // A Belgian number is not a Luxembourg one.
    await page.getByRole('textbox').fill('85.07.30-033.28');
    await page.getByRole('button', { name: 'Find my username' }).click();
    await expect(page.getByText('Your national register number is invalid.')).toBeVisible();
  });
});
