import { expect, test } from '@playwright/test';
import { logInWithEmail } from '../support/login';
import { DEMO_PASSWORD, GENERAL, LUXEMBOURG } from '../support/urls';
import { inbox, resetThroughUi } from './helpers';

// The dedicated demo accounts recovery@demo.test and recovery@demo.lu (README): their password is
// changed by e-mail, then set back to the demo password by SMS, so the run leaves them as it found them.
const editions = [
  {
    origin: GENERAL,
    email: 'recovery@demo.test',
    phone: '+32470000009',
    typedPhone: '0470 00 00 09',
    shownPhone: '+32 470 00 00 09',
  },
  {
    origin: LUXEMBOURG,
    email: 'recovery@demo.lu',
    phone: '+352621000009',
    typedPhone: '621 000 009',
    shownPhone: '+352 621 000 009',
  },
];

for (const edition of editions) {
  const host = new URL(edition.origin).hostname;

  test(`forgot password by e-mail then by SMS, and every session ends (${host})`, async ({
    page,
    browser,
  }) => {
    const newPassword = `Orbit-lantern-${Date.now()}`;
    // A session opened before the reset, in another browser.
    const other = await browser.newPage();
    await logInWithEmail(other, edition.origin, edition.email);

    await page.goto(`${edition.origin}/login/email`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password\/email$/);
    await resetThroughUi(page, edition.origin, {
      mode: 'email',
      username: edition.email,
      recipient: edition.email,
      password: newPassword,
    });
    await expect(page.getByTestId('recovered-username')).toHaveText(edition.email);

    // Every verified contact hears about it, with the way back.
    const [mail] = await inbox(page, edition.email);
    expect(mail?.bodyText).toContain('/forgot-password');
    // The SMS says it too, without any link (a link in an SMS is what phishing looks like).
    const [sms] = await inbox(page, edition.phone);
    expect(sms?.bodyText).toContain('Vestibule');
    expect(sms?.bodyText).not.toMatch(/https?:|forgot-password/);

    // The session of the other browser is over.
    await other.reload();
    await expect(other).toHaveURL(/\/login\/email$/);
    await other.close();

    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login\/email$/);
    // The login is filled in with the username the confirmation showed.
    await expect(page.locator('input[autocomplete~="username"]')).toHaveValue(edition.email);
    await logInWithEmail(page, edition.origin, edition.email, newPassword);

    // Back to the demo password, by SMS this time, from a fresh browser.
    const fresh = await browser.newPage();
    await resetThroughUi(fresh, edition.origin, {
      mode: 'phone',
      username: edition.typedPhone,
      recipient: edition.phone,
      password: DEMO_PASSWORD,
    });
    await expect(fresh.getByTestId('recovered-username')).toHaveText(edition.shownPhone);
    await fresh.getByRole('link', { name: 'Log in' }).click();
    await expect(fresh).toHaveURL(/\/login\/phone$/);
    await expect(fresh.locator('input[autocomplete~="username"]')).toHaveValue(edition.shownPhone);
    await logInWithEmail(fresh, edition.origin, edition.email, DEMO_PASSWORD);
    await fresh.close();
  });
}

test('forgot username by card number lists the masked usernames (general edition)', async ({ page }) => {
  await page.goto(`${GENERAL}/login/email`);
  await page.getByRole('link', { name: 'Forgot your username?' }).click();
  await expect(page).toHaveURL(/\/forgot-username$/);
  await page.getByLabel('Card number', { exact: true }).fill('5065 0000 0000 0001');
  await page.getByRole('button', { name: 'Find my username' }).click();
  await expect(page).toHaveURL(/\/forgot-username-response$/);
  await expect(page.getByRole('listitem').filter({ hasText: 'e***@demo.test' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '+32 *** ** ** 01' })).toBeVisible();
});

test('forgot username by national register number (both editions)', async ({ page }) => {
  for (const [origin, number, email] of [
    [GENERAL, '85.07.30-033.28', 'e***@demo.test'],
    [LUXEMBOURG, '1985 0730 123 41', 'e***@demo.lu'],
  ] as const) {
    await page.goto(`${origin}/forgot-username`);
    await page.getByRole('button', { name: /National/ }).click();
    await page.getByRole('textbox').fill(number);
    await page.getByRole('button', { name: 'Find my username' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: email })).toBeVisible();
  }
});

test('forgot username by card in the Luxembourg edition', async ({ page }) => {
  await page.goto(`${LUXEMBOURG}/forgot-username`);
  await page.getByLabel('Card number', { exact: true }).fill('5065000000000019');
  await page.getByRole('button', { name: 'Find my username' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'e***@demo.lu' })).toBeVisible();
});
