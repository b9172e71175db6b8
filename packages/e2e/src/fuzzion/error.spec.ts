import { expect, test } from '@playwright/test';
import { freshPhone, issueCard, signUpFromWelcome } from '../onboarding/helpers';
import { expectNoAxeViolations } from '../support/axe';
import { codeFromInbox, enterCode } from '../support/mfa';
import { GENERAL } from '../support/urls';

// What goes wrong in a merge, each with its SPEC §8 text: a wrong code, a card of
// nobody, a flow that no longer exists (the technical-error screen); then "ignore for now" leaves
// merge-errors@demo.test (README) as it was.

test.describe('account merge errors', () => {
  test.describe.configure({ timeout: 150_000 });
  test('a wrong code, a wrong card, a closed flow: each says so and nothing merges', async ({ page }) => {
    const card = issueCard();
    await page.goto(`${GENERAL}/onboarding`);
    await page.getByRole('link', { name: /I received a card/ }).click();
    await page.getByLabel('Card number').fill(card.number);
    await page.locator('form button[type="submit"]').click();
    await signUpFromWelcome(page, {
      email: 'merge-errors@demo.test',
      phone: freshPhone(),
      emailOfAnotherAccount: true,
    });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/duplicated\?/);
    const payload = await page.evaluate(() => sessionStorage.getItem('fuzzion_payload'));
    expect(payload).toMatch(/^[0-9a-f-]{36}$/);

    // A wrong code: the inline SPEC text; the right one goes on.
    const since = Date.now();
    await page.getByRole('button', { name: /E-mail to/ }).click();
    await page.locator('input[autocomplete="one-time-code"]').fill('00000000');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByText('Your code is invalid, try again.')).toBeVisible();
    await expectNoAxeViolations(page);
    await enterCode(page, await codeFromInbox(page, GENERAL, 'merge-errors@demo.test', since));

    // A well-formed card that is not the other account's: the invalid-information text.
    await page.getByLabel('The number of a card of that account').check();
    await page.getByLabel('Card number').fill(issueCard().number);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('The information you provided is invalid')).toBeVisible();
    await expectNoAxeViolations(page);

    // Ignore for now: back to the dashboard, the offer is closed.
    await page.getByRole('button', { name: 'Ignore for now' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);

    // The closed flow, reopened (a stale tab): the technical-error screen with a way home.
    await page.evaluate((id) => sessionStorage.setItem('fuzzion_payload', id as string), payload);
    await page.goto(`${GENERAL}/duplicated?target=merge-errors%40demo.test&method=email`);
    await expect(
      page.getByText('A technical error occurred during the merging of the accounts.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Go to my dashboard' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);

    // No merge happened: the other account still logs in with its own password.
    const login = await page.request.post(`${GENERAL}/api/token`, {
      form: { username: 'merge-errors@demo.test', password: 'Demo-password-2026' },
      headers: { 'X-Device-ID': crypto.randomUUID() },
    });
    expect(login.status()).toBe(401);
    expect((await login.json()).code).toBe('mfa_required');
  });
});
