import { expect, test } from '@playwright/test';
import { type PartnerApp, startPartnerApp } from '../support/partnerApp';
import { DEMO_PASSWORD, GENERAL } from '../support/urls';

let partner: PartnerApp;
test.beforeAll(async () => {
  partner = await startPartnerApp(GENERAL);
});
test.afterAll(() => partner.close());

test.describe('third-party application (success)', () => {
  test('partner app: portal login, consent, code, tokens, userinfo, refresh; revoke in /user/access ends refresh', async ({
    page,
  }) => {
    await page.goto(partner.origin);
    await page.getByRole('link', { name: 'Log in with Vestibule' }).click();

    // The portal asks for its login first and keeps the consent as the target.
    await expect(page).toHaveURL(/\/login\/email$/);
    await page.locator('input[autocomplete~="username"]').fill('employee@demo.test');
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();

    await expect(page).toHaveURL(/\/approve\?uid=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Demo Partner wants to access your Vestibule account',
    );
    const scopes = page.getByRole('list', { name: 'If you allow it, Demo Partner will be able to:' });
    await expect(scopes.getByRole('listitem')).toHaveText([
      'Know who you are on Vestibule',
      'See your name and language',
      'See your primary e-mail address',
      'See your profile: name, e-mail address, phone number and language',
      'See the balance of your cards',
    ]);
    await expect(
      page.getByText('Without your consent, Demo Partner is denied access to your account.'),
    ).toBeVisible();
    // "Back to the homepage" leads to the partner's registered homepage, not into the portal.
    await expect(page.getByRole('link', { name: 'Back to the homepage' })).toHaveAttribute(
      'href',
      `${partner.origin}/`,
    );
    await page.getByRole('button', { name: 'Allow access' }).click();

    // Back at the partner, which exchanged the code and read userinfo.
    await expect(page.locator('#result')).toBeVisible();
    expect(page.url()).toMatch(new RegExp(`^${partner.origin}/callback\\?`));
    const result = JSON.parse((await page.locator('#result').textContent()) ?? '{}');
    expect(result).toMatchObject({
      iss: GENERAL,
      refresh: true,
      userinfo: { email: 'employee@demo.test', given_name: 'Emma', family_name: 'Peeters', locale: 'en' },
    });
    await page.getByRole('link', { name: 'Refresh' }).click();
    await expect(page.locator('#refresh')).toHaveText('refresh: ok');

    // The grant shows in /user/access; revoking it shows the closable alert.
    await page.goto(`${GENERAL}/user/access`);
    const item = page.locator('[data-client-id="demo-partner"]');
    await expect(item.getByRole('heading', { name: 'Demo Partner' })).toBeVisible();
    await expect(item.getByRole('listitem')).toContainText(['See the balance of your cards']);
    // Revoking asks first; cancelling keeps the grant.
    await item.getByRole('button', { name: 'Revoke access of Demo Partner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke the access of Demo Partner?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(item).toHaveCount(1);
    await item.getByRole('button', { name: 'Revoke access of Demo Partner' }).click();
    await dialog.getByRole('button', { name: 'Revoke access' }).click();
    const alert = page.locator('[data-alert="client-deleted"]');
    await expect(alert).toHaveText(/Access of Demo Partner was revoked\./);
    await expect(item).toHaveCount(0);
    await expect(page.getByText('You have not allowed any application to use your account.')).toBeVisible();
    await alert.getByRole('button', { name: 'Close' }).click();
    await expect(alert).toHaveCount(0);

    // The partner's refresh token died with the grant.
    await page.goto(`${partner.origin}/refresh`);
    await expect(page.locator('#refresh')).toHaveText('refresh: failed (invalid_grant)');
  });

  test('a second authorization with the same scopes skips the consent screen', async ({ page }) => {
    // Finn reads the portal in Dutch: the consent screen follows the user's language.
    await page.goto(`${GENERAL}/login/email`);
    await page.locator('input[autocomplete~="username"]').fill('fridom@demo.test');
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);

    await page.goto(`${partner.origin}/login?scope=${encodeURIComponent('openid email')}`);
    await expect(page).toHaveURL(/\/approve\?uid=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Demo Partner wil toegang tot je Vestibule-account',
    );
    await page.getByRole('button', { name: 'Toegang toestaan' }).click();
    await expect(page.locator('#result')).toContainText('fridom@demo.test');

    await page.goto(`${partner.origin}/login?scope=${encodeURIComponent('openid email')}`);
    await expect(page.locator('#result')).toContainText('fridom@demo.test');
    await page.goto(`${GENERAL}/user/access`);
    await page.getByRole('button', { name: 'Toegang van Demo Partner intrekken' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Toegang intrekken' }).click();
    await expect(page.locator('[data-alert="client-deleted"]')).toHaveText(
      /De toegang van Demo Partner is ingetrokken\./,
    );
  });
});
