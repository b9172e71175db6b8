import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmail } from '../support/login';
import { passwordStep } from '../support/mfa';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// Issue 20 item 5: no screen leaves a user stuck. Each focused screen has a way out.

/** The session is over: a protected page sends the user to the login. */
async function expectLoggedOut(page: Page, origin: string) {
  await expect(page).toHaveURL(/\/login\/email/);
  await page.goto(`${origin}/user/dashboard`);
  await expect(page).toHaveURL(/\/login\/email/);
}

test.describe('ways out of focused screens', () => {
  test('a forced user on /setup-mfa can log out instead of setting up a method (general)', async ({
    page,
  }) => {
    await passwordStep(page, GENERAL, 'forced@demo.test');
    await expect(page).toHaveURL(/\/setup-mfa$/);
    await expectNoAxeViolations(page);
    // The demo forced user reads Dutch.
    await page.getByRole('main').getByRole('button', { name: 'Afmelden' }).click();
    await expectLoggedOut(page, GENERAL);
  });

  test('/setup-mfa offers the log-out in the Luxembourg edition too', async ({ page }) => {
    await logInWithEmail(page, LUXEMBOURG, 'employee@demo.lu');
    await page.goto(`${LUXEMBOURG}/setup-mfa`);
    await page.getByRole('main').getByRole('button', { name: 'Se déconnecter' }).click();
    await expectLoggedOut(page, LUXEMBOURG);
  });

  test('a user told to replace a weak password can log out instead', async ({ page }) => {
    await passwordStep(page, GENERAL, 'weak@demo.test');
    await expect(page).toHaveURL(/\/weak-password/);
    await expectNoAxeViolations(page);
    await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
    await expectLoggedOut(page, GENERAL);
  });

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
