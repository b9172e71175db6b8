import { expect, test } from '@playwright/test';
import { logInWithEmail } from '../support/login';
import { LAYOUTS } from '../support/page';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// A success screen opened directly, with no step behind it, must not claim that step happened
// ("Two-step verification is on", "Your accounts are merged", "Your password is too weak"): it
// sends the user where the real state is shown.

const EDITIONS = [
  { name: 'general', origin: GENERAL, email: 'employee@demo.test' },
  { name: 'Luxembourg', origin: LUXEMBOURG, email: 'employee@demo.lu' },
] as const;

const PAGES = [
  ['/setup-mfa/success', /\/security$/],
  ['/setup-totp/success', /\/security$/],
  ['/fuzzion-success', /\/user\/dashboard$/],
  ['/weak-password', /\/user\/dashboard$/],
] as const;

for (const layout of LAYOUTS)
  for (const edition of EDITIONS)
    test(`success screens opened directly redirect (${edition.name}, ${layout.name})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: layout.viewport });
      const page = await context.newPage();
      await logInWithEmail(page, edition.origin, edition.email);
      for (const [path, destination] of PAGES) {
        await page.goto(`${edition.origin}${path}`);
        await expect(page, path).toHaveURL(destination);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      }
      await context.close();
    });
