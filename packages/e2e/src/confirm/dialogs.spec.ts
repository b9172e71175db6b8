import { expect, type Page, test } from '@playwright/test';
import { contactRow, logInGeneral, logInLu, openProfile } from '../profile/helpers';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmailCode } from '../support/mfa';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// Every confirmation is the design system's dialog (no browser confirm(), no inline panel); a
// deletion the server would refuse is refused before anything is asked. Nothing is deleted here:
// each dialog is cancelled (the demo accounts stay as the other specs need them).

/** Fails the test if the browser's own confirm() shows. */
function refuseNativeDialogs(page: Page) {
  page.on('dialog', (dialog) => {
    void dialog.dismiss();
    throw new Error(`native ${dialog.type()} dialog: ${dialog.message()}`);
  });
}

for (const { origin, email, width } of [
  { origin: GENERAL, email: 'mfa@demo.test', width: 1280 },
  { origin: LUXEMBOURG, email: 'mfa@demo.lu', width: 390 },
]) {
  const host = new URL(origin).hostname;
  test.describe(`confirmations on the MFA settings (${host}, ${width} px)`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('the last SMS method is refused at once, without a question', async ({ page }) => {
      refuseNativeDialogs(page);
      await logInWithEmailCode(page, origin, email);
      await page.goto(`${origin}/security/mfa-edit`);
      await page.getByRole('button', { name: /^Delete Text message/ }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('alert').filter({ hasText: 'You must keep at least one' })).toBeVisible();
    });

    test('deleting the authenticator warns that its recovery keys go too; Escape cancels', async ({
      page,
    }) => {
      refuseNativeDialogs(page);
      await logInWithEmailCode(page, origin, email);
      await page.goto(`${origin}/security/mfa-edit`);
      await page.getByRole('button', { name: /^Delete Authenticator app/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Authenticator app?' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('Your recovery keys are deleted with it');
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: /^Delete Authenticator app/ })).toBeVisible();
    });

    test('"Generate new recovery keys" asks first; cancelling keeps the keys', async ({ page }) => {
      refuseNativeDialogs(page);
      await logInWithEmailCode(page, origin, email);
      await page.goto(`${origin}/security/edit-recovery`);
      const count = await page.getByTestId('recovery-count').textContent();
      await page.getByRole('button', { name: 'Generate new recovery keys' }).click();
      const dialog = page.getByRole('dialog', { name: 'Generate new recovery keys?' });
      await expect(dialog).toContainText('Your current recovery keys stop working at once.');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/security\/edit-recovery$/);
      await expect(page.getByTestId('recovery-count')).toHaveText(count ?? '');
    });
  });
}

test.describe('confirmations on the profile contacts', () => {
  test('general, 390 px: a phone that sends MFA codes is refused before any question', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    refuseNativeDialogs(page);
    await logInGeneral(page);
    await openProfile(page);
    await contactRow(page, '+32470000021').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(contactRow(page, '+32470000021').getByRole('alert')).toContainText(
      'receives your verification codes',
    );
  });

  test('Luxembourg, 1280 px: deleting a phone asks in the dialog; Escape keeps the phone', async ({
    page,
  }) => {
    refuseNativeDialogs(page);
    await logInLu(page);
    await openProfile(page);
    await contactRow(page, '+352621000021').getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: /^Delete \+352/ });
    await expect(dialog).toContainText('You will no longer receive our messages at this number.');
    await expect(dialog.getByRole('button', { name: 'Yes, delete' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(contactRow(page, '+352621000021')).toBeVisible();
  });
});
