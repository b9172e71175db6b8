import { expect, test } from '@playwright/test';
import { chooseMethod, codeFromInbox, enterCode } from '../support/mfa';
import { tooManyRequests } from '../support/page';
import { GENERAL } from '../support/urls';
import {
  addContact,
  contactRow,
  describeAtEachLayout,
  freshEmail,
  freshPhone,
  inboxOf,
  logInGeneral,
  logInLu,
  openProfile,
  PROFILE,
} from './helpers';

test.describe.configure({ mode: 'serial' });

describeAtEachLayout(
  (layout) => `profile (errors, ${layout})`,
  (signedIn) => {
    // An address of another account is sent a code and offers a merge (docs/decisions/0012-fuzzion.md,
    // e2e/src/fuzzion); the account's own addresses still get the duplicate texts.
    test('an e-mail or phone the account already has gets the duplicate texts next to the field', async () => {
      const page = signedIn.general;
      await openProfile(page);
      const emails = await addContact(page, 'email', PROFILE.general.email);
      await expect(emails.getByText('This email is invalid or already used')).toBeVisible();
      await expect(emails.getByLabel('New e-mail address')).toHaveAttribute('aria-invalid', 'true');
      await emails.getByRole('button', { name: 'Cancel' }).click();

      const phones = await addContact(page, 'phone', '0470 00 00 20');
      await expect(phones.getByText('This phone number is invalid or already used')).toBeVisible();
    });

    test('a wrong code is refused inline', async () => {
      const page = signedIn.general;
      await openProfile(page);
      await addContact(page, 'email', freshEmail());
      await page.getByLabel('Verification code').fill('00000000');
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expect(page.getByText('Your code is invalid, try again.')).toBeVisible();
    });

    test('the primary moves only to a contact with 2FA: the error points to the Security tab', async () => {
      const page = signedIn.lu;
      await openProfile(page);
      await contactRow(page, PROFILE.lu.second).getByRole('button', { name: 'Make primary' }).click();
      const alert = contactRow(page, PROFILE.lu.second).getByRole('alert');
      await expect(alert).toContainText('two-step verification');
      await expect(alert.getByRole('link', { name: 'Go to the Security tab' })).toHaveAttribute(
        'href',
        '/security',
      );
    });

    test('Luxembourg: a grant gone while typing sends the user through the step-up, and what was typed comes back', async () => {
      const page = signedIn.lu;
      await openProfile(page);
      // The form opens as if the session held a grant; the server knows it does not (403).
      await page.route('**/api/mfa/status', (route) =>
        route.fulfill({ json: { need_card: false, single: true, sudo: true, sudo_expires_at: null } }),
      );
      const phones = page.locator('[data-contacts="phone"]');
      await phones.getByRole('button', { name: 'Add a phone number' }).click();
      // The form is open, so the faked status was read: only now does the real one come back.
      await expect(phones.getByLabel('New phone number')).toBeVisible();
      await page.unroute('**/api/mfa/status');
      const phone = freshPhone('lu');
      await phones.getByLabel('New phone number').fill(phone.typed);
      const since = Date.now();
      await phones.getByRole('button', { name: 'Send a code' }).click();
      await expect(page).toHaveURL(/\/mfa\/methods\?single=true&redirect=%2Fprofile%3Fadd%3Dphone$/);
      await chooseMethod(page, /^E-mail/);
      await enterCode(page, await codeFromInbox(page, GENERAL, PROFILE.lu.email, since));
      await expect(page).toHaveURL(/\/profile$/);
      await expect(phones.getByLabel('New phone number')).toHaveValue(phone.typed);
      await expect(phones.getByLabel('New phone number')).toBeFocused();
      // Nothing was sent to the number while the grant was missing.
      expect(await inboxOf(page, phone.e164)).toEqual([]);
      await phones.getByRole('button', { name: 'Cancel' }).click();
    });

    test("other failures say 'Change failed'", async () => {
      const page = signedIn.general;
      await openProfile(page);
      await page.route('**/api/user/phones/*/primary', (route) => route.fulfill({ status: 500, body: '{}' }));
      await contactRow(page, PROFILE.general.second).getByRole('button', { name: 'Make primary' }).click();
      await expect(contactRow(page, PROFILE.general.second).getByRole('alert')).toHaveText('Change failed');
      await page.unroute('**/api/user/phones/*/primary');
    });

    test("a 429 says 'Too many attempts' with the wait, not 'Change failed'", async () => {
      const page = signedIn.general;
      await openProfile(page);
      await tooManyRequests(page, '**/api/user/phones/*/primary', 'too_many_attempts', 600);
      await contactRow(page, PROFILE.general.second).getByRole('button', { name: 'Make primary' }).click();
      await expect(contactRow(page, PROFILE.general.second).getByRole('alert')).toHaveText(
        'Too many attempts. Please try again later. You can try again in 10 minutes.',
      );
      await page.unroute('**/api/user/phones/*/primary');
    });

    test('edit-credentials shows the message of a 422', async () => {
      const page = signedIn.general;
      await page.goto(`${GENERAL}/profile/edit-credentials`);
      await page.getByLabel('New e-mail address or phone number').fill('employee@demo.test');
      await page.getByRole('button', { name: 'Send a code' }).click();
      await expect(page.getByText('This email is invalid or already used')).toBeVisible();
    });

    test('edit-iban: an invalid IBAN, then a failed update', async () => {
      const page = signedIn.general;
      await page.goto(`${GENERAL}/profile/edit-iban`);
      const field = page.getByLabel('IBAN', { exact: true });
      await field.fill('BE68 5390 0754 7035');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('The provided IBAN is invalid.')).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await page.route('**/api/user/iban', (route) => route.fulfill({ status: 500, body: '{}' }));
      await field.fill('BE68 5390 0754 7034');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: "IBAN couldn't be updated. Try again later." }),
      ).toBeVisible();
      await page.unroute('**/api/user/iban');
    });
  },
);

test('edit-info typed in the address bar goes back to the overview (entry rule)', async ({ page }) => {
  await logInGeneral(page);
  await page.goto(`${GENERAL}/profile/edit-info`);
  await expect(page).toHaveURL(/\/profile$/);
});

test('edit-iban without a step-up goes to the method choice first (Luxembourg)', async ({ page }) => {
  await logInLu(page);
  await page.goto(`${PROFILE.lu.origin}/profile/edit-iban`);
  await expect(page).toHaveURL(/\/mfa\/methods\?single=true&redirect=%2Fprofile%2Fedit-iban/);
});
