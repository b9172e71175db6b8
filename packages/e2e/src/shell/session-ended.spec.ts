import { type Browser, expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { signedInPage } from '../support/login';
import { LAYOUTS } from '../support/page';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// A session ended in another browser (here "Log out from all devices") must not keep showing the
// account's data: the SPA learns it within seconds, with no click (a visible tab's poll), or at
// the next navigation, and shows the login with its "session ended" notice. Before the idle
// lifetime ends, a warning offers to stay signed in.

const EDITIONS = [
  {
    name: 'general',
    origin: GENERAL,
    email: 'employee@demo.test',
    text: {
      logoutAll: 'Log out from all devices',
      ended:
        'Your session has ended: it expired or was closed on another device or tab. Please log in again.',
      edit: 'Edit personal information',
      idle: 'Without activity, your session ends in 2 minutes.',
      stay: 'Stay signed in',
    },
  },
  {
    name: 'Luxembourg',
    origin: LUXEMBOURG,
    email: 'employee@demo.lu',
    text: {
      logoutAll: 'Se déconnecter de tous les appareils',
      ended:
        'Votre session a pris fin : elle a expiré ou a été fermée sur un autre appareil ou onglet. Veuillez vous reconnecter.',
      edit: 'Modifier les informations personnelles',
      idle: 'Sans activité, votre session se termine dans 2 minutes.',
      stay: 'Rester connecté',
    },
  },
] as const;

type Edition = (typeof EDITIONS)[number];

/** Browser B ends every session of the account from its Security page. */
async function logOutEverywhere(browser: Browser, edition: Edition) {
  const other = await signedInPage(browser, edition.origin, edition.email, { width: 1280, height: 800 });
  await other.goto(`${edition.origin}/security`);
  await other.getByRole('button', { name: edition.text.logoutAll }).click();
  await other.getByRole('dialog').getByRole('button', { name: edition.text.logoutAll }).click();
  await expect(other).toHaveURL(/\/login\/email$/);
  await other.context().close();
}

for (const layout of LAYOUTS)
  for (const edition of EDITIONS) {
    test(`a session ended in another browser leaves the profile within seconds, untouched (${edition.name}, ${layout.name})`, async ({
      browser,
    }) => {
      test.setTimeout(60_000);
      const page = await signedInPage(browser, edition.origin, edition.email, layout.viewport);
      await page.goto(`${edition.origin}/profile`);
      await expect(page.getByRole('main')).toContainText(edition.email);
      await logOutEverywhere(browser, edition);
      // No click here: the visible tab's check finds the session gone.
      await expect(page).toHaveURL(/\/login\/email$/, { timeout: 15_000 });
      await expect(page.getByRole('status').filter({ hasText: edition.text.ended })).toBeVisible();
      await expect(page.getByText(edition.email)).toHaveCount(0);
      // Nothing of the account stays in the tab's storage.
      const stored = await page.evaluate(() => [
        sessionStorage.getItem('token'),
        localStorage.getItem('account'),
      ]);
      expect(stored).toEqual([null, null]);
      await page.context().close();
    });

    test(`the next navigation after a session ended elsewhere goes to the login (${edition.name}, ${layout.name})`, async ({
      browser,
    }) => {
      const page = await signedInPage(browser, edition.origin, edition.email, layout.viewport);
      await page.goto(`${edition.origin}/profile`);
      await logOutEverywhere(browser, edition);
      await page.getByRole('link', { name: edition.text.edit }).click();
      await expect(page).toHaveURL(/\/login\/email$/);
      await expect(page.getByRole('status').filter({ hasText: edition.text.ended })).toBeVisible();
      await page.context().close();
    });

    test(`a warning before the idle end offers to stay signed in (${edition.name}, ${layout.name})`, async ({
      browser,
    }) => {
      const page = await signedInPage(browser, edition.origin, edition.email, layout.viewport);
      // The session's idle end is days away: the check's answer says two minutes instead.
      await page.route('**/api/session', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"seconds_left":120}' }),
      );
      await page.goto(`${edition.origin}/profile`);
      const warning = page.locator('[data-idle-warning]');
      await expect(warning.getByRole('alert')).toContainText(edition.text.idle);
      await expectNoAxeViolations(page);
      await page.unroute('**/api/session');
      await warning.getByRole('button', { name: edition.text.stay }).click();
      await expect(warning).toHaveCount(0);
      await page.context().close();
    });
  }
