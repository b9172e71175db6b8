import { expect, test } from '@playwright/test';
import { logInWithEmail } from '../support/login';
import { type PartnerApp, startPartnerApp } from '../support/partnerApp';
import { GENERAL } from '../support/urls';

let partner: PartnerApp;
test.beforeAll(async () => {
  partner = await startPartnerApp(GENERAL);
});
test.afterAll(() => partner.close());

test.describe('third-party application (errors)', () => {
  test('refusing sends access_denied to the partner and grants nothing', async ({ page }) => {
    await logInWithEmail(page, GENERAL, 'employee@demo.test');
    await page.goto(`${partner.origin}/login`);
    await expect(page).toHaveURL(/\/approve\?uid=/);
    await page.getByRole('button', { name: 'Refuse' }).click();
    await expect(page.locator('#error')).toHaveText('access_denied');
    await page.goto(`${GENERAL}/user/access`);
    await expect(page.locator('[data-client-id="demo-partner"]')).toHaveCount(0);
  });

  test('an unregistered redirect_uri lands on the partner page with the invalid-partner text', async ({
    page,
  }) => {
    await logInWithEmail(page, GENERAL, 'employee@demo.test');
    const query = new URLSearchParams({
      client_id: 'demo-partner',
      redirect_uri: 'https://evil.example/callback',
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    await page.goto(`${GENERAL}/oauth/auth?${query}`);
    await expect(page).toHaveURL(/\/partner\?error=invalid_redirect_uri/);
    await expect(page.getByRole('alert')).toHaveText(
      "Oops. Seems like the partner you're coming from uses an invalid configuration.",
    );
    await expect(page.locator('[data-destination="partner"]')).toHaveCount(0);
  });

  test('an /approve link opened in another browser leads nowhere', async ({ page, browser }) => {
    // Someone else's authorization: their browser holds the interaction cookie, not ours.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(`${partner.origin}/login`);
    await expect(otherPage).toHaveURL(/\/login\/email$/);
    const stored = await otherPage.evaluate(() => sessionStorage.getItem('target_url'));
    await other.close();

    await logInWithEmail(page, GENERAL, 'employee@demo.test');
    await page.goto(`${GENERAL}${stored}`);
    await expect(page.getByRole('alert')).toHaveText(
      'This authorization request has expired. Please go back to the application and try again.',
    );
  });
});
