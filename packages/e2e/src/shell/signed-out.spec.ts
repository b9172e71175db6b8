import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { admin } from '../support/adminCli';
import { logInWithEmail } from '../support/login';
import { DEMO_PASSWORD, GENERAL, LUXEMBOURG } from '../support/urls';

/** A demo account with no MFA method that no spec gives one (README). */
const FORCED_LOGIN = 'fridom@demo.test';

// Never silently signed out. Every way a session ends lands on the login page
// with a message saying why, and the other tabs of the browser drop the account at once.

const REASONS = {
  loggedOut: /You are logged out\.|Vous êtes déconnecté\.|Je bent afgemeld\.|Sie sind abgemeldet\./,
  everywhere: /all your devices|tous vos appareils|al je toestellen|allen Ihren Geräten/,
  ended: /session has ended|session a pris fin|sessie is beëindigd|Sitzung ist beendet/,
  mfaSetupLeft: /two-step verification setup|configuration de la vérification|instellen van verificatie/,
};

function notice(page: Page, reason: RegExp) {
  return page.locator('p[role="status"]').filter({ hasText: reason });
}

/** A second tab of the same browser: it resumes the session from the login cookie. */
async function secondTab(context: BrowserContext, origin: string): Promise<Page> {
  const other = await context.newPage();
  await other.goto(`${origin}/user/dashboard`);
  await expect(other).toHaveURL(/\/user\/dashboard$/);
  expect(await other.evaluate(() => localStorage.getItem('account'))).not.toBeNull();
  return other;
}

/** The tab dropped the account by itself: login page with the reason, nothing cached. */
async function expectDropped(page: Page, reason: RegExp) {
  await expect(page).toHaveURL(/\/login\/email$/);
  await expect(notice(page, reason)).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('account'))).toBeNull();
}

/** The account navigation's Security entry, in every language of both editions. */
const SECURITY = /^(Security|Sécurité|Beveiliging|Sicherheit)/;

const LAYOUTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

const EDITIONS = [
  { name: 'general', origin: GENERAL, user: 'employee@demo.test' },
  { name: 'Luxembourg', origin: LUXEMBOURG, user: 'employee@demo.lu' },
];

for (const edition of EDITIONS) {
  test.describe(`never silently signed out (${edition.name})`, () => {
    test('a logout says so on the login page, and the other tab of the same session drops at once', async ({
      page,
      context,
    }) => {
      await logInWithEmail(page, edition.origin, edition.user);
      const other = await secondTab(context, edition.origin);
      await page
        .locator('header')
        .getByRole('button')
        .filter({ hasText: /Log out|Se déconnecter|Afmelden|Abmelden/ })
        .click();
      await expectDropped(page, REASONS.loggedOut);
      // No click in the other tab: it finds out by itself.
      await expectDropped(other, REASONS.ended);
    });

    test('"log out from all devices" says so, and every other tab drops the account at once', async ({
      page,
      context,
    }) => {
      await logInWithEmail(page, edition.origin, edition.user);
      const other = await secondTab(context, edition.origin);
      await page.goto(`${edition.origin}/security`);
      const everywhere = /Log out from all devices|Se déconnecter de tous les appareils/;
      await page.getByRole('button', { name: everywhere }).click();
      await page.getByRole('dialog').getByRole('button', { name: everywhere }).click();
      await expectDropped(page, REASONS.everywhere);
      await expectDropped(other, REASONS.everywhere);
    });

    for (const layout of LAYOUTS) {
      test.describe(`${layout.name} layout`, () => {
        test.use({ viewport: layout.viewport });

        test('a session ended elsewhere (or expired) lands on the login page saying why at the next answer', async ({
          page,
        }) => {
          await logInWithEmail(page, edition.origin, edition.user);
          // Ended from elsewhere: the server forgets this session, the tab does not know yet.
          const status = await page.evaluate(async () => {
            const response = await fetch('/api/token', {
              method: 'DELETE',
              headers: {
                authorization: `Bearer ${sessionStorage.getItem('token')}`,
                'x-device-id': crypto.randomUUID(),
              },
            });
            return response.status;
          });
          expect(status).toBeLessThan(300);
          // The next page as a person opens it: the sidebar on a desktop, the tab bar on a phone;
          // the session watch (decision 0071) may have shown the login page before the click.
          const security = page.getByRole('navigation').getByRole('link', { name: SECURITY });
          await security.click({ timeout: 2_000 }).catch(() => undefined);
          await expectDropped(page, REASONS.ended);
        });
      });
    }
  });
}

test('leaving the forced MFA setup logs out with the reason on the login page', async ({ page }) => {
  // forced@demo.test gets its methods in mfa/success.spec.ts: an account without any is held to
  // MFA for this test only, through the admin CLI.
  admin('users', 'force-mfa', FORCED_LOGIN, 'on');
  try {
    await page.goto(`${GENERAL}/login/email`);
    await page.locator('input[autocomplete~="username"]').fill(FORCED_LOGIN);
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/setup-mfa$/);
    await page.locator('header a').first().click();
    await expect(page).toHaveURL(/\/login\/email$/);
    await expect(notice(page, REASONS.mfaSetupLeft)).toBeVisible();
  } finally {
    admin('users', 'force-mfa', FORCED_LOGIN, 'off');
  }
});

test('leaving the forced MFA setup logs out with the reason in the Luxembourg edition too', async ({
  page,
}) => {
  // forced@demo.lu is held to MFA by the seed and no spec sets its methods up (decision 0060).
  await page.goto(`${LUXEMBOURG}/login/email`);
  await page.locator('input[autocomplete~="username"]').fill('forced@demo.lu');
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/setup-mfa$/);
  await expect(page.getByTestId('reasons').locator('li')).toHaveCount(3);
  // No way around: a private page leads back to the setup.
  await page.goto(`${LUXEMBOURG}/user/dashboard`);
  await expect(page).toHaveURL(/\/setup-mfa$/);
  await page.locator('header a').first().click();
  await expect(page).toHaveURL(/\/login\/email$/);
  await expect(notice(page, REASONS.mfaSetupLeft)).toBeVisible();
});
