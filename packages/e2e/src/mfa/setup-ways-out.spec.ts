import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmailCode } from '../support/mfa';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// The setup pages opened from the MFA settings have a way back, start empty when the primary
// already has a method of their kind, and the authenticator's offers its otpauth:// link.

async function logIn(page: Page, origin: string, email: string) {
  await logInWithEmailCode(page, origin, email);
  await page.goto(`${origin}/security/mfa-edit`);
}

for (const { origin, email, width } of [
  { origin: GENERAL, email: 'mfa@demo.test', width: 1280 },
  { origin: LUXEMBOURG, email: 'mfa@demo.lu', width: 390 },
]) {
  test.describe(`MFA setup pages (${new URL(origin).hostname}, ${width} px)`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('"Add a phone number" starts empty and Cancel goes back to the settings', async ({ page }) => {
      await logIn(page, origin, email);
      await page.getByRole('link', { name: 'Add a phone number' }).click();
      await expect(page).toHaveURL(/\/setup-mfa\/phone\?/);
      // The primary number already sends the SMS codes: it is not offered again.
      await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('');
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(/\/security\/mfa-edit$/);

      await page.getByRole('link', { name: 'Add an e-mail address' }).click();
      await expect(page).toHaveURL(/\/setup-mfa\/email\?/);
      await page.getByRole('link', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(/\/security\/mfa-edit$/);
    });

    test('the authenticator page opens the app by its otpauth:// link and has Cancel', async ({ page }) => {
      await logIn(page, origin, email);
      await page.getByRole('link', { name: 'Set up again' }).click();
      await expect(page).toHaveURL(/\/setup-mfa\/totp\?/);
      const open = page.getByRole('link', { name: 'Open in my authenticator app' });
      await expect(open).toHaveAttribute('href', /^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
      await page.getByRole('link', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(/\/security\/mfa-edit$/);
    });
  });
}

test('the code screen of a new phone shows the number grouped, on one line (localhost, 390 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, GENERAL, 'mfa@demo.test');
  await page.getByRole('link', { name: 'Add a phone number' }).click();
  await page.getByRole('textbox', { name: 'Phone number' }).fill('0470000077');
  await page.getByRole('button', { name: 'Send the code' }).click();
  const intro = page.getByText(/^Enter the 8-digit code we sent by SMS to/);
  await expect(intro).toContainText('+32\u00a0470\u00a000\u00a000\u00a077');
  // The setup is left unconfirmed: the account keeps its methods for the other specs.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/security\/mfa-edit$/);
});
