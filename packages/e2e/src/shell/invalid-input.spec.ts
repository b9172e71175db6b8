import { expect, type Locator, type Page, test } from '@playwright/test';
import { codeSentTo, newestId } from '../recovery/helpers';
import { stepUpWithEmailCode } from '../security/helpers';
import { logInWithEmail } from '../support/login';
import { openApp } from '../support/page';
import { DEMO_PASSWORD, GENERAL, LUXEMBOURG } from '../support/urls';

// A screen never sends what it can already tell is invalid. Each form checks its
// input with the contract's rules, shows the error next to the field and sends nothing, so that
// the browser logs no "Failed to load resource: … 4xx" for a typo. The same holds for what a
// normal visit meets (the logged-out resume, a protected page opened logged out).

/** Every console error and every answer ≥ 400 of the page, from now on. */
function watch(page: Page) {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      seen.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return seen;
}

/** The field is marked invalid and names its error, which is shown. */
async function expectFieldError(field: Locator) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const described = (await field.getAttribute('aria-describedby')) ?? '';
  const errorId = described.split(' ').find((id) => id.endsWith('-error'));
  expect(errorId, 'the field names its error').toBeTruthy();
  await expect(field.page().locator(`[id="${errorId}"]`)).toBeVisible();
}

/** Fills `field` with `value`, submits its form and expects the field's error. */
async function submitInvalid(field: Locator, value: string) {
  await field.fill(value);
  await field.locator('xpath=ancestor::form').locator('button[type="submit"]').click();
  await expectFieldError(field);
}

const EDITIONS = [
  {
    origin: GENERAL,
    user: 'employee@demo.test',
    addEmail: 'Add an e-mail address',
    addPhone: 'Add a phone number',
  },
  {
    origin: LUXEMBOURG,
    user: 'employee@demo.lu',
    addEmail: 'Ajouter une adresse e-mail',
    addPhone: 'Ajouter un numéro de téléphone',
  },
] as const;

test.describe('invalid input stays on the client', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const edition of EDITIONS) {
    const { origin, user } = edition;
    const host = new URL(origin).hostname;

    test(`logged out: forms and pages log no error (${host})`, async ({ page }) => {
      const seen = watch(page);
      // A returning visitor whose session ended (revoked, expired) still holds the login cookie:
      // nothing to resume, which is no error. The e2e server's cookie has the non-production prefix.
      await page.context().addCookies(
        ['production_login_token', 'login_token'].map((name) => ({
          name,
          value: 'a-session-that-ended',
          url: origin,
        })),
      );
      // A protected page opened logged out goes to the login quietly.
      await page.goto(`${origin}/user/dashboard`);
      await expect(page).toHaveURL(/\/login\/email/);
      await submitInvalid(page.locator('input[autocomplete~="username"]'), 'not-an-address@');

      await page.goto(`${origin}/forgot-password/email`);
      await submitInvalid(page.locator('input[autocomplete~="username"]'), 'not-an-address');

      await page.goto(`${origin}/forgot-password/phone`);
      await submitInvalid(page.locator('input[autocomplete~="username"]'), '12');

      // A sign-up started on this device long ago: the home page knows it expired without asking.
      // Stored from a hydrated page that does not read it (the home page's own check would race).
      await expect(page.locator('form button[type="submit"]')).toBeEnabled();
      await page.evaluate(() => {
        localStorage.setItem('onboarding_flow', crypto.randomUUID());
        localStorage.setItem('onboarding_flow_expires', '2026-01-01T00:00:00.000Z');
      });
      await page.goto(`${origin}/onboarding`);
      await expect(page.locator('main p').filter({ hasText: /expired|expiré/ })).toBeVisible();
      await page.locator('a[href$="/onboarding/card"]').click();
      await expect(page).toHaveURL(/\/onboarding\/card$/);
      await submitInvalid(page.locator('form input').first(), '1234 5678');

      // The reset form judges the length itself (the blocklist stays the server's).
      const before = await newestId(page, user);
      await page.goto(`${origin}/forgot-password/email`);
      await page.locator('input[autocomplete~="username"]').fill(user);
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/forgot-password-sent$/);
      await submitInvalid(page.locator('input[autocomplete="one-time-code"]'), '123');
      await page.locator('input[autocomplete="one-time-code"]').fill(await codeSentTo(page, user, before));
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/reset-password$/);
      const fields = page.locator('input[autocomplete="new-password"]');
      await fields.nth(1).fill('short');
      await submitInvalid(fields.nth(0), 'short');

      expect(seen).toEqual([]);
    });

    test(`logged in: profile, security and MFA forms log no error (${host})`, async ({ page }) => {
      const seen = watch(page);
      await logInWithEmail(page, origin, user);

      // New contacts: one step-up, then a malformed address and number.
      await page.goto(`${origin}/profile`);
      const emails = page.locator('[data-contacts="email"]');
      await emails.getByRole('button', { name: edition.addEmail }).click();
      await stepUpWithEmailCode(page, user);
      await expect(page).toHaveURL(/\/profile/);
      await submitInvalid(emails.locator('form input').first(), 'not-an-address');
      const phones = page.locator('[data-contacts="phone"]');
      await phones.getByRole('button', { name: edition.addPhone }).click();
      await submitInvalid(phones.locator('form input').first(), '12');

      // The login change takes an e-mail or a phone number.
      await page.goto(`${origin}/profile/edit-credentials`);
      await submitInvalid(page.locator('form input').first(), '12');

      await page.goto(`${origin}/profile/edit-iban`);
      await submitInvalid(page.locator('form input').first(), 'BE00 0000');

      // A new password too short, then the same as the current one.
      await page.goto(`${origin}/security/edit-password`);
      await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
      const fields = page.locator('input[autocomplete="new-password"]');
      await fields.nth(1).fill('short');
      await submitInvalid(fields.nth(0), 'short');
      await fields.nth(1).fill(DEMO_PASSWORD);
      await submitInvalid(fields.nth(0), DEMO_PASSWORD);

      // A second factor: a malformed number, and an authenticator code of the wrong length.
      await openApp(page, `${origin}/setup-mfa/phone`);
      await submitInvalid(page.locator('form input').first(), '12');
      await page.goto(`${origin}/setup-mfa/totp`);
      await submitInvalid(page.locator('input[autocomplete="one-time-code"]'), '123');

      expect(seen).toEqual([]);
    });
  }
});
