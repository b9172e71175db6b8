import { expect, test } from '@playwright/test';
import { logInWithEmail } from '../support/login';
import { GENERAL, LUXEMBOURG } from '../support/urls';

test.describe('editions', () => {
  test('the Luxembourg edition on lu.localhost has its brand, French by default and no deals row', async ({
    browser,
  }) => {
    // A browser asking for a language the edition does not offer gets the edition fallback.
    const context = await browser.newContext({ locale: 'nl-BE' });
    const page = await context.newPage();
    await page.goto(`${LUXEMBOURG}/login/email`);
    await expect(page.getByTestId('brand-name')).toHaveText('Vestibule Luxembourg');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-LU');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Se connecter');
    await expect(page).toHaveTitle(/Vestibule Luxembourg/);
    await logInWithEmail(page, LUXEMBOURG, 'employee@demo.lu');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenue, Léa');
    await expect(page.locator('[data-service="deals"]')).toHaveCount(0);
    await context.close();
  });

  test('the general edition starts in the browser language and falls back to English', async ({
    browser,
  }) => {
    const dutch = await browser.newContext({ locale: 'nl-BE' });
    const page = await dutch.newPage();
    await page.goto(`${GENERAL}/login/email`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await dutch.close();
    const german = await browser.newContext({ locale: 'de-DE' });
    const other = await german.newPage();
    await other.goto(`${GENERAL}/login/email`);
    await expect(other.locator('html')).toHaveAttribute('lang', 'en');
    await expect(other.getByTestId('brand-name')).toHaveText('Vestibule');
    await german.close();
  });

  test("the user's language wins once known, and the switcher offers the edition's languages", async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    // Language fr; as an mfa_customer the MFA intro comes first and is skipped.
    await logInWithEmail(page, GENERAL, 'customer@demo.test', undefined, 'Ignorer pour le moment');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const switcher = page.getByRole('combobox').first();
    await expect(switcher.locator('option')).toHaveCount(3);
    await switcher.selectOption('nl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await context.close();
  });
});
