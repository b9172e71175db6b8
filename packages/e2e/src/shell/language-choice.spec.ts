import { expect, type Page, test } from '@playwright/test';
import { logInWithEmail } from '../support/login';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// The language chosen on the login page or in the header survives a reload and,
// once logged in, is saved to the account (which then follows the user's last explicit choice).

/** The account's language, as the API answers it to this tab's session. */
async function accountLanguage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch('/api/user', {
      headers: {
        authorization: `Bearer ${sessionStorage.getItem('token')}`,
        'x-device-id': localStorage.getItem('device-id') ?? crypto.randomUUID(),
      },
    });
    return (await response.json()).data.language as string;
  });
}

async function choose(page: Page, locale: string) {
  await page.locator('header select').selectOption(locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale.replace('_', '-'));
}

const EDITIONS = [
  // The demo accounts speak English (general) and French (Luxembourg): each test picks another
  // language first, and ends by choosing the account's own again, which also restores it.
  { name: 'general', origin: GENERAL, user: 'employee@demo.test', own: 'en', login: 'fr', header: 'nl' },
  {
    name: 'Luxembourg',
    origin: LUXEMBOURG,
    user: 'employee@demo.lu',
    own: 'fr_LU',
    login: 'en_LU',
    header: 'en_LU',
  },
];

for (const edition of EDITIONS) {
  test(`${edition.name}: a language chosen on the login page sticks and is saved to the account; so is one chosen in the header`, async ({
    page,
  }) => {
    await page.goto(`${edition.origin}/login/email`);
    await choose(page, edition.login);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', edition.login.replace('_', '-'));

    await logInWithEmail(page, edition.origin, edition.user);
    // The choice made before logging in wins over the account's language, and is saved to it.
    await expect(page.locator('html')).toHaveAttribute('lang', edition.login.replace('_', '-'));
    await expect.poll(() => accountLanguage(page)).toBe(edition.login);

    if (edition.header !== edition.login) await choose(page, edition.header);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', edition.header.replace('_', '-'));
    await expect.poll(() => accountLanguage(page)).toBe(edition.header);

    // Back to the account's own language: saved too, and it survives a reload.
    await choose(page, edition.own);
    await expect.poll(() => accountLanguage(page)).toBe(edition.own);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', edition.own.replace('_', '-'));
  });
}
