import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import {
  chooseMethod,
  codeFromInbox,
  DEMO_TOTP_SECRET,
  enterCode,
  logInWithEmailCode,
  MFA_PHONE,
  MFA_USER,
  passwordStep,
} from '../support/mfa';
import { totp } from '../support/totp';
import { DEMO_PASSWORD, GENERAL, LUXEMBOURG } from '../support/urls';

// Each recovery key works once per fresh database: every spec of this folder uses its own key.

test.describe('MFA (success)', () => {
  test('logs in with an SMS code read from the inbox', async ({ page }) => {
    const since = Date.now();
    await passwordStep(page, GENERAL, MFA_USER);
    await chooseMethod(page, /Text message/);
    await expect(page.getByText(/by SMS to \+32\s\*\*\*\s\*\*\s\*\*\s05/)).toBeVisible();
    await enterCode(page, await codeFromInbox(page, GENERAL, MFA_PHONE, since));
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maxime');
  });

  test('logs in with an authenticator code computed from the secret, Enter submitting', async ({ page }) => {
    await passwordStep(page, GENERAL, MFA_USER);
    await chooseMethod(page, /Authenticator app/);
    await expect(page.getByText('Send a new code')).toHaveCount(0);
    await page.locator('input[autocomplete="one-time-code"]').fill(totp(DEMO_TOTP_SECRET));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  // Each edition's MFA account has its own keys (decision 0060): DEMO1-AAAAA is used once in each.
  for (const [origin, user] of [
    [GENERAL, MFA_USER],
    [LUXEMBOURG, 'mfa@demo.lu'],
  ] as const) {
    test(`logs in with a recovery key and says how many remain (${new URL(origin).hostname})`, async ({
      page,
    }) => {
      await passwordStep(page, origin, user);
      await chooseMethod(page, /Recovery key/);
      await expect(page.getByRole('button', { name: 'Send a new code' })).toHaveCount(0);
      await expectNoAxeViolations(page);
      // The field keeps the dash its hint shows (For example ABCDE-12345) as the key is typed.
      const field = page.locator('input[autocomplete="one-time-code"]');
      await field.pressSequentially('DEMO1-AAAAA');
      await expect(field).toHaveValue('DEMO1-AAAAA');
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expect(page).toHaveURL(/\/mfa\/totp-recovery\?mfaId=\d+&remaining=\d+/);
      const remaining = new URL(page.url()).searchParams.get('remaining');
      expect(Number(remaining)).toBeLessThanOrEqual(9);
      await expect(page.getByTestId('recovery-unused')).toHaveText(
        `You have ${remaining} unused recovery keys left.`,
      );
      // The key was a fresh proof: setting the authenticator up again needs no second step-up
      //. The setup is left unconfirmed: the demo secret stays for the specs below.
      await page.getByRole('button', { name: 'Set up my authenticator app again' }).click();
      await expect(page).toHaveURL(/\/setup-mfa\/totp\?reset=true/);
      await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
      await page.goto(`${origin}/user/dashboard`);
      await expect(page).toHaveURL(/\/user\/dashboard$/);
    });
  }

  test('a trusted device skips MFA at the next login', async ({ page }) => {
    const since = Date.now();
    await passwordStep(page, GENERAL, MFA_USER);
    await chooseMethod(page, /E-mail/);
    await page.getByLabel('Trust this device for 30 days').check();
    await enterCode(page, await codeFromInbox(page, GENERAL, MFA_USER, since));
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login\/email$/);
    await passwordStep(page, GENERAL, MFA_USER);
    await expect(page).toHaveURL(/\/user\/dashboard$/);

    // A login without a code grants no step-up: Security asks for one, then lists this device.
    await page.goto(`${GENERAL}/security/mfa-edit`);
    const since2 = Date.now();
    await chooseMethod(page, /E-mail/);
    await enterCode(page, await codeFromInbox(page, GENERAL, MFA_USER, since2));
    await expect(page).toHaveURL(/\/security\/mfa-edit$/);
    const device = page.getByTestId('trusted-devices').getByRole('listitem');
    await expect(device.getByText('This device')).toBeVisible();
    await device.getByRole('button', { name: /^Stop trusting/ }).click();
    await expect(page.getByText('This device will ask for a code at its next login.')).toBeVisible();
    await expect(device).toHaveCount(0);
  });

  test('steps up with a code before a sensitive route, then comes back to it', async ({ page }) => {
    await page.goto(`${GENERAL}/login/email`);
    await page.locator('input[autocomplete~="username"]').fill('employee@demo.test');
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    const since = Date.now();
    await page.goto(`${GENERAL}/security/mfa-edit`);
    await expect(page).toHaveURL(/\/mfa\/methods\?single=true&redirect=%2Fsecurity%2Fmfa-edit/);
    await expect(page.getByText('This is a sensitive change.', { exact: false })).toBeVisible();
    await chooseMethod(page, /E-mail/);
    await expect(page.getByLabel('Trust this device for 30 days')).toHaveCount(0);
    await enterCode(page, await codeFromInbox(page, GENERAL, 'employee@demo.test', since));
    await expect(page).toHaveURL(/\/security\/mfa-edit$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two-step verification');
  });

  test('a customer sees the warning and 2 reasons, and may skip the setup', async ({ page }) => {
    await page.goto(`${GENERAL}/login/email`);
    await page.locator('input[autocomplete~="username"]').fill('customer@demo.test');
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/setup-mfa$/);
    await expect(page.getByTestId('customer-warning')).toBeVisible();
    await expect(page.getByTestId('reasons').locator('li')).toHaveCount(2);
    await page.getByRole('button', { name: /Ignorer|Skip/ }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  test('a forced user sets up SMS then e-mail, confirms and reaches the dashboard', async ({ page }) => {
    await page.goto(`${GENERAL}/login/email`);
    await page.locator('input[autocomplete~="username"]').fill('forced@demo.test');
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/setup-mfa$/);
    await expect(page.getByTestId('reasons').locator('li')).toHaveCount(3);
    // No way around: a private page leads back to the setup.
    await page.goto(`${GENERAL}/user/dashboard`);
    await expect(page).toHaveURL(/\/setup-mfa$/);
    await page.getByRole('button', { name: 'Activeren' }).click();

    await expect(page).toHaveURL(/\/setup-mfa\/phone$/);
    let since = Date.now();
    await page.getByRole('button', { name: 'Code versturen' }).click();
    await enterCode(page, await codeFromInbox(page, GENERAL, '+32470000006', since), 'Bevestigen');

    await expect(page).toHaveURL(/\/setup-mfa\/email$/);
    since = Date.now();
    await page.getByRole('button', { name: 'Code versturen' }).click();
    await enterCode(page, await codeFromInbox(page, GENERAL, 'forced@demo.test', since), 'Bevestigen');

    await expect(page).toHaveURL(/\/setup-mfa\/confirmation$/);
    await page.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(page).toHaveURL(/\/setup-mfa\/success$/);
    await page.getByRole('button', { name: 'Doorgaan' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  for (const [origin, user] of [
    [GENERAL, 'weak@demo.test'],
    [LUXEMBOURG, 'weak@demo.lu'],
  ] as const) {
    test(`${user} must replace its password after login, with the rules listed`, async ({ page }) => {
      // This changes the account's password for the rest of the run; no other spec uses it.
      await page.goto(`${origin}/login/email`);
      await page.locator('input[autocomplete~="username"]').fill(user);
      await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/weak-password\?verified=true$/);
      await expect(page.getByText('have 8 to 128 characters')).toBeVisible();
      // A way out for a user who cannot choose a password now.
      await expect(page.getByRole('main').getByRole('button', { name: 'Log out' })).toBeVisible();
      // The way around is closed: the dashboard leads back here.
      await page.goto(`${origin}/user/dashboard`);
      await expect(page).toHaveURL(/\/weak-password\?verified=true$/);

      // "Not common" is the server's blocklist: ticked once it said so of a strong password,
      // never of a common one.
      const notCommon = page
        .getByRole('listitem')
        .filter({ hasText: 'not be a common or easily guessed password' });
      await page.getByLabel('New password', { exact: true }).fill('Lantern-orchard-7391');
      await expect(notCommon).toContainText('(done)');
      const checked = page.waitForResponse((response) => response.url().endsWith('/api/password/check'));
      await page.getByLabel('New password', { exact: true }).fill('password123');
      expect((await (await checked).json()).common).toBe(true);
      await expect(notCommon).not.toContainText('(done)');
      await page.getByLabel('Confirm the new password').fill('password123');
      await page.getByRole('button', { name: 'Save my new password' }).click();
      await expect(page.getByText('This password is too common. Please choose another one.')).toBeVisible();

      await page.getByLabel('New password', { exact: true }).fill('Lantern-orchard-7391');
      await page.getByLabel('Confirm the new password').fill('Lantern-orchard-7391');
      await page.getByRole('button', { name: 'Save my new password' }).click();
      await expect(page).toHaveURL(/\/user\/dashboard$/);
      await expect(page.getByText('Your password has been changed.')).toBeVisible();
    });
  }

  test('resets the authenticator with a QR code and key, then shows the recovery keys once', async ({
    page,
  }) => {
    // Runs last among the mfa@demo.test specs that use the demo secret: it replaces that secret.
    await logInWithEmailCode(page, GENERAL, MFA_USER);
    await page.goto(`${GENERAL}/security/mfa-edit`);
    await page.getByRole('link', { name: 'Set up again' }).click();
    await expect(page).toHaveURL(/\/setup-mfa\/totp\?reset=true/);
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await enterCode(page, totp(secret as string));
    await expect(page).toHaveURL(/\/setup-totp\/success/);
    await expect(page.getByTestId('recovery-keys').locator('li')).toHaveCount(10);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download as a text file' }).click();
    expect((await download).suggestedFilename()).toBe('recovery-keys.txt');
    // The file says whose keys it holds: a file kept for years must not leave it to a guess.
    const file = await readFile((await (await download).path()) as string, 'utf8');
    expect(file.split('\n')[0]).toContain(`Vestibule account ${MFA_USER}, created on `);
    await page.getByRole('button', { name: 'I have saved my keys' }).click();
    await expect(page).toHaveURL(/\/security\/mfa-edit$/);
    await page.goBack();
    await expect(page.getByTestId('recovery-keys')).toHaveCount(0);
  });
});
