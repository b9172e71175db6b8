import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { chooseMethod, logInWithEmailCode, MFA_USER, passwordStep } from '../support/mfa';
import { GENERAL, LUXEMBOURG } from '../support/urls';

test.describe('MFA (ui)', () => {
  test('the method choice has no axe violations', async ({ page }) => {
    await passwordStep(page, GENERAL, MFA_USER);
    await expect(page).toHaveURL(/\/mfa\/methods\?/);
    await expect(page.getByRole('button', { name: /Text message/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  // The login's method choice has a way back, in each edition with its own
  // MFA account (decision 0060). Nothing is sent, so the accounts are left as they were.
  for (const [origin, user] of [
    [GENERAL, MFA_USER],
    [LUXEMBOURG, 'mfa@demo.lu'],
  ] as const) {
    test(`the method choice leads back to the login, without axe violations (${new URL(origin).hostname})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await passwordStep(page, origin, user);
      await expect(page).toHaveURL(/\/mfa\/methods\?/);
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Back to log in' }).click();
      await expect(page).toHaveURL(/\/login\/email$/);
      // The password step opened no session: a private page still asks for the login.
      await page.goto(`${origin}/user/dashboard`);
      await expect(page).toHaveURL(/\/login\/email/);
    });
  }

  // The Primary tag follows the name's last word on its line, never alone at a line's start (the
  // card keeps the login's width, so on a desktop too "(SMS)" may go to the next line with it).
  for (const [origin, user] of [
    [GENERAL, MFA_USER],
    [LUXEMBOURG, 'mfa@demo.lu'],
  ] as const) {
    for (const width of [390, 1280]) {
      test(`the Primary tag stays with the method's name at ${width} px (${new URL(origin).hostname})`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 844 });
        await passwordStep(page, origin, user);
        const tag = page.getByRole('button', { name: /Text message/ }).getByText('Primary', { exact: true });
        await expect(tag).toBeVisible();
        const lines = await tag.evaluate((element) => {
          const box = (node: Node) => {
            const range = document.createRange();
            range.selectNodeContents(node);
            return range.getClientRects()[0] as DOMRect;
          };
          const tagBox = element.getBoundingClientRect();
          const wordBox = box(element.previousSibling as Node);
          return {
            sameLine: tagBox.top < wordBox.bottom && wordBox.top < tagBox.bottom,
            after: tagBox.left > wordBox.right,
          };
        });
        expect(lines.sameLine && lines.after).toBe(true);
      });
    }
  }

  test('the code screen with resend, phone width, has no axe violations', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await passwordStep(page, GENERAL, MFA_USER);
    await chooseMethod(page, /E-mail/);
    await expect(page.getByRole('button', { name: 'Send a new code' })).toBeVisible();
    await expect(page.getByLabel('Trust this device for 30 days')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('Security MFA screens (methods, trusted devices, recovery keys) have no axe violations', async ({
    page,
  }) => {
    await logInWithEmailCode(page, GENERAL, MFA_USER);
    await page.goto(`${GENERAL}/security/mfa-edit`);
    await expect(page.getByTestId('mfa-methods').locator('li').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`${GENERAL}/security/edit-recovery`);
    await expect(page.getByTestId('recovery-count')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the weak-password screen asks a visitor to log in first, without axe violations', async ({
    page,
  }) => {
    await page.goto(`${GENERAL}/weak-password`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    await expectNoAxeViolations(page);
  });
});
