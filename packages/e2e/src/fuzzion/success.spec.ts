import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmail } from '../support/login';
import { chooseMethod, codeFromInbox, enterCode } from '../support/mfa';
import { DEMO_PASSWORD, GENERAL } from '../support/urls';

// Account merge (issue 9) with the demo pairs of the README: codes come from the dev inbox.

test.describe('account merge', () => {
  test('fuzzion@demo.test proves the e-mail of fuzzion-old@demo.test, its code and password, and merges the accounts', async ({ page }) => {
    await logInWithEmail(page, GENERAL, 'fuzzion@demo.test');
    await page.goto(`${GENERAL}/setup-mfa/email`);
    await page.getByLabel('E-mail address').fill('fuzzion-old@demo.test');
    let since = Date.now();
    await page.getByRole('button', { name: 'Send the code' }).click();
    await enterCode(page, await codeFromInbox(page, GENERAL, 'fuzzion-old@demo.test', since));

    // The duplicate is found: the merge screen with its banner.
    await expect(page).toHaveURL(/\/duplicated\?target=fuzzion-old%40demo\.test&method=email$/);
    await expect(page.getByText('The e-mail address fuzzion-old@demo.test already belongs to another account.')).toBeVisible();
    await expectNoAxeViolations(page);
    since = Date.now();
    await page.getByRole('button', { name: /Text message to/ }).click();
    await enterCode(page, await codeFromInbox(page, GENERAL, '+32470000031', since));

    // Ownership: a wrong password is refused with the SPEC text, the right one goes on.
    await page.getByLabel('The password of that account on the client area').check();
    await page.getByLabel('Password of the other account').fill('not-the-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('The information you provided is invalid')).toBeVisible();
    await page.getByLabel('Password of the other account').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('button', { name: 'Merge the accounts' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Merge the accounts' }).click();

    // fuzzion@demo.test had no MFA method: it verifies one of the merged ones first (SPEC §4).
    await chooseMethod(page, /SMS/);
    await expect(page).toHaveURL(/redirect=fuzzion-success/);
    since = Date.now();
    const code = await codeFromInbox(page, GENERAL, '+32470000031', since);
    await enterCode(page, code);
    await expect(page).toHaveURL(/\/fuzzion-success$/);
    await expect(page.getByRole('heading', { name: 'Your accounts are merged' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The old account's contacts now open the merged account with the current password.
    const answer = await page.request.post(`${GENERAL}/api/token`, {
      form: { username: 'fuzzion-old@demo.test', password: 'wrong-for-sure' },
      headers: { 'X-Device-ID': crypto.randomUUID() },
    });
    expect(answer.status()).toBe(400);
  });

  test('separate@demo.test proves the phone of separate-old@demo.test, says "not me" and keeps the accounts apart', async ({ page }) => {
    await logInWithEmail(page, GENERAL, 'separate@demo.test');
    await page.goto(`${GENERAL}/setup-mfa/phone`);
    await page.getByLabel('Phone number').fill('0470 00 00 33');
    let since = Date.now();
    await page.getByRole('button', { name: 'Send the code' }).click();
    await enterCode(page, await codeFromInbox(page, GENERAL, '+32470000033', since));

    await expect(page).toHaveURL(/\/duplicated\?target=%2B32470000033&method=sms$/);
    await expect(page.getByText('The phone number +32470000033 already belongs to another account.')).toBeVisible();
    since = Date.now();
    await page.getByRole('button', { name: /E-mail to/ }).click();
    await enterCode(page, await codeFromInbox(page, GENERAL, 'separate-old@demo.test', since));

    await page.getByRole('button', { name: 'This account is not mine' }).click();
    await expect(page.getByRole('heading', { name: 'Keep the accounts separate' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Remove it from the other account' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByText('+32470000033 now belongs to your account only.')).toBeVisible();

    // The other account still logs in with its e-mail; its old phone now belongs to separate@demo.test.
    const user = await page.evaluate(async () => {
      const response = await fetch('/api/user', {
        headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}`, 'X-Device-ID': localStorage.getItem('device-id') ?? '' },
      });
      return response.json();
    });
    expect(user.data.phone.map((p: { phone: string }) => p.phone)).toContain('+32470000033');
  });
});
