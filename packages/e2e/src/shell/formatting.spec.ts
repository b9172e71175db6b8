import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmail } from '../support/login';
import { logInWithEmailCode, MFA_USER, passwordStep } from '../support/mfa';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// Numbers, dates, hints, wording and layout a new user reads as they are meant.

test.describe('layout and formatting', () => {
  test('masked numbers use the Belgian grouping and never break mid-number (general)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await passwordStep(page, GENERAL, MFA_USER);
    await expect(page).toHaveURL(/\/mfa\/methods\?/);
    // No-break spaces hold the number together; the stars follow Belgium's 470 00 00 05.
    await expect(page.getByRole('button', { name: /Text message/ })).toContainText(
      '+32\u00a0***\u00a0**\u00a0**\u00a005',
    );
  });

  test('masked numbers use the Luxembourg grouping, not the Belgian one', async ({ page }) => {
    await page.goto(`${LUXEMBOURG}/forgot-username`);
    await page.getByRole('button', { name: /National/ }).click();
    await page.getByRole('textbox').fill('1985 0730 123 41');
    await page.getByRole('button', { name: 'Find my username' }).click();
    // Luxembourg writes 621 000 001.
    await expect(
      page.getByRole('listitem').filter({ hasText: '+352\u00a0***\u00a0***\u00a0*01' }),
    ).toBeVisible();
  });

  test('masked numbers of the MFA choice use the Luxembourg grouping on one line (lu)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await passwordStep(page, LUXEMBOURG, 'mfa@demo.lu');
    await expect(page).toHaveURL(/\/mfa\/methods\?/);
    // Luxembourg writes 621 000 005: no-break spaces, three-digit groups, not Belgium's pairs.
    await expect(page.getByRole('button', { name: /Text message/ })).toContainText(
      '+352\u00a0***\u00a0***\u00a0*05',
    );
  });

  for (const [origin, user, masked] of [
    [GENERAL, MFA_USER, 'm***@demo.test'],
    [LUXEMBOURG, 'mfa@demo.lu', 'm***@demo.lu'],
  ] as const) {
    test(`the two-step verification page fits a phone: no address one character a line (${new URL(origin).hostname})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await logInWithEmailCode(page, origin, user);
      for (const path of ['/security/mfa-edit', '/security']) {
        await page.goto(`${origin}${path}`);
        const address = page.getByTestId('mfa-methods').getByText(masked);
        await expect(address).toBeVisible();
        // One line: its box is far wider than tall (squeezed, it was one letter wide).
        const box = await address.boundingBox();
        expect(box && box.width > box.height * 4).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await expectNoAxeViolations(page);
      }
    });
  }

  test('English in the Luxembourg edition writes dates the Luxembourg way', async ({ page }) => {
    await logInWithEmail(page, LUXEMBOURG, 'employee@demo.lu');
    await page.goto(`${LUXEMBOURG}/security/history`);
    await page.getByRole('combobox').first().selectOption('en_LU');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-LU');
    const when = page.getByTestId('timeline').locator('time').first();
    // 23 Nov 2026, 14:07 — day first, 24-hour clock (not Nov 23, 2026, 2:07 PM).
    await expect(when).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    // The choice was saved to the account (language sticks): French again for the
    // specs that follow.
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/user') && response.request().method() === 'PATCH',
    );
    await page.getByRole('combobox').first().selectOption('fr_LU');
    expect((await saved).ok()).toBe(true);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-LU');
  });

  for (const [origin, user, own] of [
    [GENERAL, 'employee@demo.test', /from this device \(Chrome \d+ on [^)]+\)/],
    [LUXEMBOURG, 'employee@demo.lu', /depuis cet appareil \(Chrome \d+ sur [^)]+\)/],
  ] as const) {
    test(`the timeline names the browser of the user's own actions (${new URL(origin).hostname})`, async ({
      page,
    }) => {
      await logInWithEmail(page, origin, user);
      await page.goto(`${origin}/security/history`);
      await expect(page.getByTestId('timeline').locator('li').first()).toContainText(own);
    });
  }

  for (const [origin, user, saved, edit, save] of [
    [GENERAL, 'employee@demo.test', 'Personal information updated', 'Edit personal information', 'Save'],
    [
      LUXEMBOURG,
      'employee@demo.lu',
      'Informations personnelles modifiées',
      'Modifier les informations personnelles',
      'Enregistrer',
    ],
  ] as const) {
    test(`toasts do not stack up and leave on their own (${new URL(origin).hostname})`, async ({ page }) => {
      await logInWithEmail(page, origin, user);
      await page.goto(`${origin}/profile`);
      for (let i = 0; i < 2; i++) {
        await page.getByRole('link', { name: edit }).click();
        await expect(page).toHaveURL(/\/profile\/edit-info$/);
        await page.getByRole('button', { name: save }).click();
        await expect(page).toHaveURL(/\/profile$/);
        await expect(page.getByText(saved)).toBeVisible();
      }
      // The second save replaced the first toast instead of piling under it.
      await expect(page.getByText(saved)).toHaveCount(1);
      await expect(page.getByText(saved)).toHaveCount(0, { timeout: 12_000 });
    });
  }

  test('the onboarding example card number passes the card check', async ({ page }) => {
    await page.goto(`${GENERAL}/onboarding`);
    await page.getByRole('link', { name: /I received a card/ }).click();
    await expect(page).toHaveURL(/\/onboarding\/card$/);
    const hint = await page.getByText(/for example 5065/).textContent();
    const example = hint?.match(/5065[\d ]+\d/)?.[0] as string;
    await page.getByLabel('Card number').fill(example);
    // The client lets it through to the server (which does not know this made-up card).
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/onboarding');
    await page.locator('form button[type="submit"]').click();
    await asked;
  });

  for (const [origin, wording] of [
    [GENERAL, 'Log in to the administration.'],
    [LUXEMBOURG, /^(Log in to the administration\.|Connectez-vous à l'administration\.)$/],
  ] as const) {
    test(`the login names the administration when it leads there (${new URL(origin).hostname})`, async ({
      page,
    }) => {
      const admin = `http://admin.${new URL(origin).host}/`;
      await page.goto(`${origin}/partner?redirect=${encodeURIComponent(admin)}`);
      await expect(page).toHaveURL(/\/login\/email/);
      await expect(page.getByText(wording)).toBeVisible();
    });
  }
});
