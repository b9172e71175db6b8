import { expect, test } from '@playwright/test';
import { GENERAL, LUXEMBOURG } from '../support/urls';
import { askForCode } from './helpers';

// The resend countdown shows the server's resend_in from the moment a code is
// sent (15 s, then 30 s), never a stale figure. Every code screen shares lib/useCountdown.ts; the
// recovery screen is the one reachable without an account state to set up.

for (const { name, origin, user } of [
  { name: 'general', origin: GENERAL, user: 'recovery@demo.test' },
  { name: 'Luxembourg', origin: LUXEMBOURG, user: 'recovery@demo.lu' },
]) {
  test(`${name}: 15 s after the first send, then 30 s at once after a late resend`, async ({ page }) => {
    test.setTimeout(60_000);
    await askForCode(page, origin, 'email', user);
    const countdown = page.locator('main p').filter({ hasText: /\b\d{1,2}\s?s\.?$/ });
    await expect(countdown).toHaveText(/\b1[45]\s?s/);
    await expect(countdown).toHaveCount(0, { timeout: 20_000 });
    // Nothing ticks once the countdown is over: the user comes back a few seconds later.
    await page.waitForTimeout(4000);
    await page
      .locator('main button[type="button"]')
      .filter({ hasText: /e-mail/i })
      .click();
    // The server's 30 s, not 30 s plus the time since the countdown ended.
    await expect(countdown).toHaveText(/\b30\s?s/);
    await expect(countdown).toHaveText(/\b2\d\s?s/);
  });
}
