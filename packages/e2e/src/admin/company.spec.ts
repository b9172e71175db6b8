import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { freshPhone, fromInbox, signUpFromWelcome } from '../onboarding/helpers';
import { expectNoAxeViolations } from '../support/axe';
import { codeFromInbox } from '../support/mfa';
import { openApp } from '../support/page';
import { totp } from '../support/totp';
import { GENERAL, LUXEMBOURG } from '../support/urls';
import { staffLogIn } from './helpers';

/** The password signUpFromWelcome gives the new account. */
const PASSWORD = 'Blue-harbour-lantern-42';

// The company admin's walk (decision 0077), in both editions: invite two people from a CSV file,
// one of them accepts and signs up (proving an e-mail and a phone, which become their verification
// methods), then sets up an authenticator app; the adoption chart follows.

const EDITIONS = [
  { origin: GENERAL, admin: 'desk-company@demo.test', edition: 'general' as const },
  { origin: LUXEMBOURG, admin: 'desk-company@demo.lu', edition: 'lu' as const },
];

/** "With MFA" and the app count on the adoption page, read from its table of today. */
async function adoptionToday(page: Page) {
  await expect(page.getByTestId('adoption-summary')).toBeVisible();
  const summary = (await page.getByTestId('adoption-summary').textContent()) ?? '';
  const [withMfa, members] = (summary.match(/\d+/g) ?? []).map(Number);
  const app = Number(await page.getByTestId('adoption-totp').textContent());
  return { withMfa, members, app };
}

for (const { origin, admin, edition } of EDITIONS) {
  test(`company admin invites two people by CSV and sees adoption change (${edition})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await staffLogIn(page, origin, admin);
    await openApp(page, `${origin}/admin/company/adoption`);
    const before = await adoptionToday(page);
    await expectNoAxeViolations(page);

    await page
      .getByRole('link', { name: /Invit|Einlad/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/company\/invite$/);
    const tag = randomBytes(4).toString('hex');
    const first = `csv-${tag}-a@e2e.test`;
    const second = `csv-${tag}-b@e2e.test`;
    // A bad row first: nobody is invited, the row is named.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFFemail;firstname;language\r\n${first};Ana;en\r\nnot-an-address;Bo;en\r\n`),
    });
    await page
      .locator('form')
      .filter({ has: page.locator('input[type="file"]') })
      .locator('button[type="submit"]')
      .click();
    const errors = page.getByRole('alert').filter({ has: page.locator('table') });
    await expect(errors.getByRole('cell', { name: '3', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFFemail;firstname;language\r\n${first};Ana;en\r\n${second};Bo;en\r\n`),
    });
    await page
      .locator('form')
      .filter({ has: page.locator('input[type="file"]') })
      .locator('button[type="submit"]')
      .click();
    await expect(page.getByRole('cell', { name: first, exact: true }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: second, exact: true }).first()).toBeVisible();

    // The first invitee accepts as they would: the code from their e-mail, then the sign-up.
    const invitee = await browser.newContext();
    const invited = await invitee.newPage();
    const code = await fromInbox(invited, first, /invitation code\s+([0-9A-Z]{5}-[0-9A-Z]{5})/);
    await openApp(invited, `${origin}/onboarding`);
    await invited.locator('a[href="/onboarding/code"]').click();
    await invited.locator('main input').first().fill(code);
    await invited.locator('form button[type="submit"]').click();
    await signUpFromWelcome(invited, { email: first, phone: freshPhone(edition), invited: true });

    await openApp(page, `${origin}/admin/company/adoption`);
    const joined = await adoptionToday(page);
    expect(joined.members).toBe((before.members ?? 0) + 1);
    expect(joined.withMfa).toBe((before.withMfa ?? 0) + 1);

    // Then they add an authenticator app in their security settings.
    await addAuthenticator(invited, origin, first);
    await invitee.close();

    await openApp(page, `${origin}/admin/company/adoption`);
    await expect.poll(async () => (await adoptionToday(page)).app).toBe(joined.app + 1);
    await page
      .getByText(/table|tableau|tabel|Tabelle/)
      .first()
      .click();
    await expectNoAxeViolations(page);
  });
}

/** Proves the e-mail factor on /mfa/methods or /mfa: the newest code sent to `email`. */
async function emailCode(page: Page, email: string, since: number) {
  await expect(page).toHaveURL(/\/mfa(\/methods)?\?/);
  if (/\/mfa\/methods/.test(page.url()))
    await page
      .getByRole('button', { name: /e.?mail/i })
      .first()
      .click();
  await expect(page).toHaveURL(/\/mfa\?/);
  await page
    .locator('input[autocomplete="one-time-code"]')
    .fill(await codeFromInbox(page, GENERAL, email, since));
  await page.keyboard.press('Enter');
}

/**
 * The new member logs in (password, then an e-mail code) and adds an authenticator app as they
 * would: the app's secret is read off the setup page and its code typed.
 */
async function addAuthenticator(page: Page, origin: string, email: string) {
  const since = Date.now();
  await openApp(page, `${origin}/login/email`);
  await page.locator('input[autocomplete~="username"]').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await emailCode(page, email, since);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto(`${origin}/security/mfa-edit`);
  if (!/\/security\/mfa-edit$/.test(page.url())) await emailCode(page, email, Date.now());
  await expect(page).toHaveURL(/\/security\/mfa-edit$/);
  await page.locator('a[href*="/setup-mfa/totp"]').first().click();
  const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
  await page.locator('input[autocomplete="one-time-code"]').fill(totp(secret as string));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/setup-totp\/success/);
}
