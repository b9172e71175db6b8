import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { GENERAL, LUXEMBOURG } from '../support/urls';
import { addVirtualAuthenticator, forgetSession, passwordLogin, shot } from './helpers';

// Passkeys in Chromium with its virtual authenticator: register, sign in without a
// password (button and autofill), as the second factor and the step-up, delete; a passkey of one
// edition is not offered on the other. In both layouts.

for (const width of [390, 1280]) {
  test.describe(`passkeys at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // Each test is a whole journey (several logins, a step-up, axe checks).
    test.describe.configure({ timeout: 120_000 });

    test('general edition: register, sign in with the button, as second factor, delete (contacts told)', async ({
      page,
    }) => {
      const email = 'passkey@demo.test';
      const authenticator = await addVirtualAuthenticator(page);
      // An MFA login starts elevated: the passkey is added without another step-up.
      await passwordLogin(page, GENERAL, email, { mfaByEmail: true });
      await page.goto(`${GENERAL}/security`);
      const card = page.getByTestId('passkeys');
      await expect(card.getByText('You have no passkey yet.')).toBeVisible();
      await card.getByRole('button', { name: 'Add a passkey' }).click();
      await card.getByLabel('Name of the passkey').fill('Work laptop');
      await shot(page, `general-${width}-add-form`);
      await card.getByRole('button', { name: 'Create the passkey' }).click();
      await expect(page.getByText('Passkey added.')).toBeVisible();
      await expect(card.getByText('Work laptop')).toBeVisible();
      await expect(card.getByText(/never used/)).toBeVisible();
      const [credential] = await authenticator.credentials();
      expect(credential).toMatchObject({ rpId: 'localhost', isResidentCredential: true });
      await expectNoAxeViolations(page);
      await shot(page, `general-${width}-security`);

      // The other edition is another relying party: the browser offers nothing there.
      await forgetSession(page);
      await page.goto(`${LUXEMBOURG}/login/email`);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page.getByRole('alert')).toContainText('No passkey was used');
      await expect(page).toHaveURL(/\/login\/email$/);
      await shot(page, `lu-${width}-refused`);

      // Passwordless, with the button. Chromium's virtual authenticator answers the autofill
      // request at once when it holds a passkey (the Luxembourg test covers it): turned off here.
      await page.addInitScript(() => {
        window.PublicKeyCredential.isConditionalMediationAvailable = async () => false;
      });
      await page.goto(`${GENERAL}/login/email`);
      await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `general-${width}-login`);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page).toHaveURL(/\/user\/dashboard$/);

      // Password, then the passkey as the second factor: offered first, no code.
      await forgetSession(page);
      await page.goto(`${GENERAL}/login/email`);
      await page.locator('input[autocomplete~="username"]').fill(email);
      await page.locator('input[autocomplete="current-password"]').fill('Demo-password-2026');
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/mfa\/methods\?/);
      const methods = page.getByRole('list', { name: /methods/i }).getByRole('button');
      await expect(methods.first()).toContainText('Passkey');
      await shot(page, `general-${width}-methods`);
      await methods.first().click();
      await expect(page).toHaveURL(/\/user\/dashboard$/);

      // Delete (the login's step-up is live); the contacts are told.
      await page.goto(`${GENERAL}/security`);
      await expect(card.getByText(/last used on/)).toBeVisible();
      await card.getByRole('button', { name: 'Delete Work laptop' }).click();
      await card.getByRole('button', { name: 'Yes, delete' }).click();
      await expect(page.getByText('Passkey deleted. Your contacts were told.')).toBeVisible();
      await expect(card.getByText('You have no passkey yet.')).toBeVisible();
      const inbox = await page.request.get(`${GENERAL}/dev/inbox.json?to=${encodeURIComponent(email)}`);
      const [notice] = (await inbox.json()) as { bodyText: string }[];
      expect(notice?.bodyText).toContain('A passkey was deleted from your Vestibule account.');
    });

    test('Luxembourg edition: step-up before adding, autofill sign-in, passkey step-up before deleting', async ({
      page,
    }) => {
      const email = 'passkey@demo.lu';
      const authenticator = await addVirtualAuthenticator(page);
      // No MFA: the password alone opens the session, without a step-up.
      await passwordLogin(page, LUXEMBOURG, email);
      await page.goto(`${LUXEMBOURG}/security`);
      const card = page.getByTestId('passkeys');
      await card.getByRole('button', { name: "Ajouter une clé d'accès" }).click();
      // The step-up: a code to the primary e-mail, then back to the form.
      await expect(page).toHaveURL(/\/mfa\/methods\?/);
      const since = Date.now();
      await page.getByRole('button', { name: /^E-mail/ }).click();
      await expect(page).toHaveURL(/\/mfa\?/);
      const { codeFromInbox } = await import('../support/mfa');
      await page
        .locator('input[autocomplete="one-time-code"]')
        .fill(await codeFromInbox(page, GENERAL, email, since));
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/security$/);
      await card.getByLabel("Nom de la clé d'accès").fill('Téléphone');
      await card.getByRole('button', { name: "Créer la clé d'accès" }).click();
      await expect(page.getByText("Clé d'accès ajoutée.")).toBeVisible();
      const [credential] = await authenticator.credentials();
      expect(credential).toMatchObject({ rpId: 'lu.localhost', isResidentCredential: true });
      await expectNoAxeViolations(page);
      await shot(page, `lu-${width}-security`);

      // Not on the general edition either.
      await forgetSession(page);
      await page.goto(`${GENERAL}/login/email`);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page.getByRole('alert')).toContainText('No passkey was used');

      // Conditional UI: the passkey in the username field's autofill (the virtual authenticator
      // picks it as a user would): no button, no password.
      await page.goto(`${LUXEMBOURG}/login/email`);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
      await page.locator('input[autocomplete~="username"]').focus();
      await expect(page).toHaveURL(/\/user\/dashboard$/);

      // A password login has no step-up: deleting asks for one, the passkey comes first. (The
      // autofill is turned off, or the virtual authenticator would sign in before the password.)
      await page.addInitScript(() => {
        window.PublicKeyCredential.isConditionalMediationAvailable = async () => false;
      });
      await forgetSession(page);
      await passwordLogin(page, LUXEMBOURG, email);
      await page.goto(`${LUXEMBOURG}/security`);
      await card.getByRole('button', { name: 'Supprimer Téléphone' }).click();
      await expect(page).toHaveURL(/\/mfa\/methods\?/);
      const methods = page.getByRole('list').getByRole('button');
      await expect(methods.first()).toContainText("Clé d'accès");
      await expectNoAxeViolations(page);
      await shot(page, `lu-${width}-step-up`);
      await methods.first().click();
      await expect(page).toHaveURL(/\/security$/);
      await card.getByRole('button', { name: 'Oui, supprimer' }).click();
      await expect(page.getByText("Clé d'accès supprimée. Vos contacts ont été prévenus.")).toBeVisible();
      await expect(card.getByText("Vous n'avez pas encore de clé d'accès.")).toBeVisible();
    });
  });
}
