import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmail } from '../support/login';
import { chooseMethod, codeFromInbox, enterCode } from '../support/mfa';
import { openApp } from '../support/page';
import { DEMO_PASSWORD, GENERAL, LUXEMBOURG } from '../support/urls';

// Account merge with the demo pairs of the README: codes come from the dev inbox.

// Each edition merges its own pair (decision 0060): no spec of one edition touches the other's.
// A pair merges once per run, so each edition takes one of the two layouts: a phone here, a
// desktop there.
const pairs = [
  {
    origin: GENERAL,
    user: 'fuzzion@demo.test',
    old: 'fuzzion-old@demo.test',
    oldPhone: '+32470000031',
    viewport: { width: 390, height: 844 },
  },
  {
    origin: LUXEMBOURG,
    user: 'fuzzion@demo.lu',
    old: 'fuzzion-old@demo.lu',
    oldPhone: '+352621000031',
    viewport: { width: 1280, height: 800 },
  },
] as const;

/** The address inside the sentence moves to the next line whole: never broken at its hyphen. */
async function expectAddressOnOneLine(page: Page, address: string) {
  const kept = page.locator('.kept-value', { hasText: address }).first();
  await expect(kept).toBeVisible();
  expect(await kept.evaluate((element) => element.getClientRects().length)).toBe(1);
  const box = await kept.boundingBox();
  expect(box && box.width > box.height * 4).toBe(true);
}

test.describe('account merge', () => {
  for (const { origin, user, old, oldPhone, viewport } of pairs) {
    test(`${user} proves the e-mail of ${old}, its code and password, and merges the accounts (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await logInWithEmail(page, origin, user);
      await openApp(page, `${origin}/setup-mfa/email`);
      const address = page.getByRole('textbox', { name: 'E-mail address' });
      await address.fill(old);
      let since = Date.now();
      await page.getByRole('button', { name: 'Send the code' }).click();
      // A new address is a way into the account: a step-up first, a code to the account's own
      // primary e-mail (it has no MFA method), then back with the address still typed (0013),
      // and the code to it goes out by itself: no second click on "Send the code".
      await chooseMethod(page, /^E-mail/);
      const stepUpCode = await codeFromInbox(page, GENERAL, user, since);
      since = Date.now();
      await enterCode(page, stepUpCode);
      await expect(page).toHaveURL(/\/setup-mfa\/email$/);
      await expect(page.locator('input[autocomplete="one-time-code"]')).toBeVisible();
      await expectAddressOnOneLine(page, old);
      await enterCode(page, await codeFromInbox(page, GENERAL, old, since));

      // The duplicate is found: the merge screen with its banner.
      await expect(page).toHaveURL(
        new RegExp(`/duplicated\\?target=${encodeURIComponent(old).replaceAll('.', '\\.')}&method=email$`),
      );
      await expect(
        page.getByText(`The e-mail address ${old} already belongs to another account.`),
      ).toBeVisible();
      await expectAddressOnOneLine(page, old);
      await expectNoAxeViolations(page);
      since = Date.now();
      await page.getByRole('button', { name: /Text message to/ }).click();
      // The merge proof has its resend countdown too, from the server's resend_in.
      await expect(page.getByText(/You can ask for a new code in 1[45]\ss\./)).toBeVisible();
      await enterCode(page, await codeFromInbox(page, GENERAL, oldPhone, since));

      // The card number is checked on the client first: a typo gets its own text.
      await page.getByLabel('Card number').fill('5065 0000 0000 0002');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText('Your card number is invalid.')).toBeVisible();

      // Ownership: a wrong password is refused with the SPEC text, the right one goes on.
      await page.getByLabel('The password of that account on the client area').check();
      await page.getByLabel('Password of the other account').fill('not-the-password');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText('The information you provided is invalid')).toBeVisible();
      await page.getByLabel('Password of the other account').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('button', { name: 'Merge the accounts' })).toBeVisible();
      await expectNoAxeViolations(page);
      // A slow phone: the method list after the merge answers late. The step-up list must not
      // offer what the browser knew before the merge meanwhile (a code to the primary phone, which
      // the server refuses once the account has the merged methods: "This item does not exist").
      await page.route(/\/api\/mfa$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.fallback();
      });
      await page.getByRole('button', { name: 'Merge the accounts' }).click();

      // The surviving account had no MFA method: it verifies one of the merged ones first (SPEC §4).
      // The address bar names the methods' contacts masked only.
      await expect(page).toHaveURL(/\/mfa\/methods\?/);
      expect(decodeURIComponent(page.url())).not.toContain(oldPhone.slice(-9));
      await chooseMethod(page, /SMS/);
      await page.unroute(/\/api\/mfa$/);
      expect(decodeURIComponent(page.url())).not.toContain(oldPhone.slice(-9));
      await expect(page).toHaveURL(/redirect=fuzzion-success/);
      since = Date.now();
      const code = await codeFromInbox(page, GENERAL, oldPhone, since);
      await enterCode(page, code);
      await expect(page).toHaveURL(/\/fuzzion-success$/);
      await expect(page.getByRole('heading', { name: 'Your accounts are merged' })).toBeVisible();
      await expectNoAxeViolations(page);

      // The old account's contacts now open the merged account with the current password.
      // Asked from the page: its host names the edition (Node cannot resolve lu.localhost).
      const status = await page.evaluate(async (username) => {
        const response = await fetch('/api/token', {
          method: 'POST',
          headers: { 'X-Device-ID': crypto.randomUUID() },
          body: new URLSearchParams({ username, password: 'wrong-for-sure' }),
        });
        return response.status;
      }, old);
      expect(status).toBe(400);
    });
  }
});
