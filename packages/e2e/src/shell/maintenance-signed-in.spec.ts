import { expect, test } from '@playwright/test';
import { admin } from '../support/adminCli';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmail } from '../support/login';
import { LAYOUTS } from '../support/page';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// A user signed in when maintenance starts is told, within seconds and without a click, instead of
// browsing cached pages whose actions fail: the visible tab's session check meets the 503.

const EDITIONS = [
  {
    name: 'general',
    origin: GENERAL,
    email: 'employee@demo.test',
    notice: 'Sorry, you cannot log in at the moment. Please try again later.',
  },
  {
    name: 'Luxembourg',
    origin: LUXEMBOURG,
    email: 'employee@demo.lu',
    notice: 'Désolé, vous ne pouvez pas vous connecter pour le moment. Veuillez réessayer plus tard.',
  },
] as const;

test.describe('maintenance while signed in', () => {
  test.afterEach(() => {
    admin('maintenance', 'off');
  });

  for (const layout of LAYOUTS)
    for (const edition of EDITIONS)
      test(`a signed-in user sees the maintenance notice, no cached page (${edition.name}, ${layout.name})`, async ({
        browser,
      }) => {
        test.setTimeout(60_000);
        const page = await (await browser.newContext({ viewport: layout.viewport })).newPage();
        await logInWithEmail(page, edition.origin, edition.email);
        await page.goto(`${edition.origin}/profile`);
        await expect(page.getByRole('main')).toContainText(edition.email);
        expect(admin('maintenance', 'on')).toContain('Maintenance is on.');
        await expect(page).toHaveURL(/\/maintenance$/, { timeout: 25_000 });
        await expect(page.getByText(edition.notice)).toBeVisible();
        await expectNoAxeViolations(page);
        await page.context().close();
      });
});
