import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmail } from '../support/login';
import { chooseMethod, codeFromInbox, enterCode } from '../support/mfa';
import { openApp } from '../support/page';
import { GENERAL } from '../support/urls';

// Account merge with the demo pairs of the README: codes come from the dev inbox.

test.describe('refusing an account merge', () => {
  test('separate@demo.test proves the phone of separate-old@demo.test, says "not me" and keeps the accounts apart', async ({
    page,
  }) => {
    await logInWithEmail(page, GENERAL, 'separate@demo.test');
    await openApp(page, `${GENERAL}/setup-mfa/phone`);
    const number = page.getByRole('textbox', { name: 'Phone number' });
    await number.fill('0470 00 00 33');
    let since = Date.now();
    await page.getByRole('button', { name: 'Send the code' }).click();
    // A new number is a way into the account: a step-up first, a code to the account's own
    // primary e-mail (it has no MFA method), then back with the number still typed (0013),
    // and the code to it goes out by itself: no second click on "Send the code".
    await chooseMethod(page, /^E-mail/);
    const stepUpCode = await codeFromInbox(page, GENERAL, 'separate@demo.test', since);
    since = Date.now();
    await enterCode(page, stepUpCode);
    await expect(page).toHaveURL(/\/setup-mfa\/phone$/);
    await expect(page.locator('input[autocomplete="one-time-code"]')).toBeVisible();
    await enterCode(page, await codeFromInbox(page, GENERAL, '+32470000033', since));

    await expect(page).toHaveURL(/\/duplicated\?target=%2B32470000033&method=sms$/);
    await expect(
      page.getByText('The phone number +32 470 00 00 33 already belongs to another account.'),
    ).toBeVisible();
    since = Date.now();
    await page.getByRole('button', { name: /E-mail to/ }).click();
    await enterCode(page, await codeFromInbox(page, GENERAL, 'separate-old@demo.test', since));

    await page.getByRole('button', { name: 'This account is not mine' }).click();
    await expect(page.getByRole('heading', { name: 'Keep the accounts separate' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Remove it from the other account' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByText('+32 470 00 00 33 now belongs to your account only.')).toBeVisible();

    // The other account still logs in with its e-mail; its old phone now belongs to separate@demo.test.
    const user = await page.evaluate(async () => {
      const response = await fetch('/api/user', {
        headers: {
          Authorization: `Bearer ${sessionStorage.getItem('token')}`,
          'X-Device-ID': localStorage.getItem('device-id') ?? '',
        },
      });
      return response.json();
    });
    expect(user.data.phone.map((p: { phone: string }) => p.phone)).toContain('+32470000033');
  });
});
