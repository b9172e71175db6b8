import { expect, type Page, test } from '@playwright/test';
import { stepUpWithEmailCode } from '../security/helpers';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmail } from '../support/login';
import { openApp } from '../support/page';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// No screen leaves a user stuck. Each focused screen has a way out.

/** The session is over: a protected page sends the user to the login. */
async function expectLoggedOut(page: Page, origin: string) {
  await expect(page).toHaveURL(/\/login\/email/);
  await page.goto(`${origin}/user/dashboard`);
  await expect(page).toHaveURL(/\/login\/email/);
}

test.describe('ways out of focused screens', () => {
  test('/setup-mfa offers a log-out in the card, not only the icon of the top bar (general)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logInWithEmail(page, GENERAL, 'employee@demo.test');
    await page.goto(`${GENERAL}/setup-mfa`);
    await expectNoAxeViolations(page);
    await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
    await expectLoggedOut(page, GENERAL);
  });

  test('/setup-mfa offers the log-out in the Luxembourg edition too', async ({ page }) => {
    await logInWithEmail(page, LUXEMBOURG, 'employee@demo.lu');
    await page.goto(`${LUXEMBOURG}/setup-mfa`);
    await page.getByRole('main').getByRole('button', { name: 'Se déconnecter' }).click();
    await expectLoggedOut(page, LUXEMBOURG);
  });

  for (const [origin, user] of [
    [GENERAL, 'employee@demo.test'],
    [LUXEMBOURG, 'employee@demo.lu'],
  ] as const) {
    test(`after the step-up a new address asked for, /setup-mfa sends its code by itself (${new URL(origin).hostname})`, async ({
      page,
    }) => {
      await logInWithEmail(page, origin, user);
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400)
          refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
      });
      await openApp(page, `${origin}/setup-mfa/email`);
      // A new address is a way into the account: a step-up first (decision 0013), taken before
      // sending it, so the server's 403 is not a console error (decision 0056).
      await page.locator('form input[type="email"]').fill(`new-${Date.now()}@example.test`);
      await page.locator('form button[type="submit"]').click();
      await stepUpWithEmailCode(page, user);
      // Back with the address, and the code is on its way: its field, no second "Send the code".
      await expect(page).toHaveURL(/\/setup-mfa\/email$/);
      await expect(page.locator('input[autocomplete="one-time-code"]')).toBeVisible();
      expect(refused).toEqual([]);
    });
  }

  for (const [origin, user, cancel] of [
    [GENERAL, 'employee@demo.test', 'Cancel'],
    [LUXEMBOURG, 'employee@demo.lu', 'Annuler'],
  ] as const) {
    test(`cancelling the step-up of a page opened in a new tab leaves for its section, not a loop (${new URL(origin).hostname})`, async ({
      page,
      context,
    }) => {
      await logInWithEmail(page, origin, user);
      // A new tab: the session resumes from the login cookie.
      const tab = await context.newPage();
      await tab.goto(`${origin}/security/mfa-edit`);
      await expect(tab).toHaveURL(/\/mfa\/methods\?/);
      await tab.getByRole('button', { name: cancel }).click();
      // Going back would reopen /security/mfa-edit, which asks for the step-up again.
      await expect(tab).toHaveURL(/\/security$/);
    });
  }
});
