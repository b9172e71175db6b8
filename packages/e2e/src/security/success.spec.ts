import { expect, test } from '@playwright/test';
import { logInWithEmail } from '../support/login';
import { DEMO_PASSWORD, GENERAL } from '../support/urls';
import { stepUpWithEmailCode } from './helpers';

const SECURITY_USER = 'security@demo.test';
const PASSWORD_USER = 'password@demo.test';

test.describe('security tab', () => {
  test('a session deleted from another browser is sent to login at its next navigation; the timeline shows it', async ({
    browser,
  }) => {
    const phone = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    });
    const laptop = await browser.newContext();
    const phonePage = await phone.newPage();
    const laptopPage = await laptop.newPage();
    await logInWithEmail(phonePage, GENERAL, SECURITY_USER);
    await logInWithEmail(laptopPage, GENERAL, SECURITY_USER);

    // The laptop sees the phone's sign-in in its notification area, with a badge.
    await expect(laptopPage.getByTestId('notification-badge')).toBeVisible();
    await laptopPage.goto(`${GENERAL}/security/history`);
    await expect(laptopPage.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Dashboard');
    const phoneDevice = laptopPage.getByTestId('devices').locator('> li').filter({ hasText: 'iPhone' });
    await expect(phoneDevice).toContainText('Safari 17 on iOS 17.4');
    await expect(laptopPage.getByTestId('devices')).toContainText('This device');

    await phoneDevice.getByRole('button', { name: /^Log out the session of iPhone/ }).click();
    await expect(
      laptopPage.getByRole('status').filter({ hasText: 'Logged out from one device.' }),
    ).toBeVisible();
    await expect(phoneDevice).toHaveCount(0);

    // The phone's next navigation finds its session gone and lands on the login page.
    await phonePage.goto(`${GENERAL}/user/access`);
    await expect(phonePage).toHaveURL(/\/login\/email$/);

    // The timeline shows what just happened.
    await laptopPage.reload();
    const timeline = laptopPage.getByTestId('timeline');
    await expect(timeline.locator('li').first()).toContainText('A session was ended');
    await expect(timeline).toContainText('Sign-in from a new device');
    await phone.close();
    await laptop.close();
  });

  test('notifications are marked read when seen', async ({ browser }) => {
    const other = await browser.newContext();
    const me = await browser.newContext();
    const page = await me.newPage();
    await logInWithEmail(page, GENERAL, SECURITY_USER);
    await logInWithEmail(await other.newPage(), GENERAL, SECURITY_USER);
    await page.reload();
    await expect(page.getByTestId('notification-badge')).toBeVisible();
    await page.getByRole('link', { name: /^Notifications/ }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByTestId('notifications').locator('li[data-unread]').first()).toContainText(
      'Sign-in from a new device',
    );
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await other.close();
    await me.close();
  });

  test('global logout ends this session and the others', async ({ browser }) => {
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await logInWithEmail(otherPage, GENERAL, SECURITY_USER);
    const me = await browser.newContext();
    const page = await me.newPage();
    await logInWithEmail(page, GENERAL, SECURITY_USER);
    await page.goto(`${GENERAL}/security`);
    await page.getByRole('button', { name: 'Log out from all devices' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out from all devices' }).click();
    await expect(page).toHaveURL(/\/login\/email$/);
    await expect(
      // The login page says why (never silently signed out).
      page.getByRole('status').filter({ hasText: 'You are logged out on all your devices.' }),
    ).toBeVisible();
    await otherPage.goto(`${GENERAL}/security`);
    await expect(otherPage).toHaveURL(/\/login\/email$/);
    await other.close();
    await me.close();
  });

  test('"this was not me" logs out everywhere and opens forgot password', async ({ browser }) => {
    const intruder = await browser.newContext();
    await logInWithEmail(await intruder.newPage(), GENERAL, SECURITY_USER);
    const me = await browser.newContext();
    const page = await me.newPage();
    await logInWithEmail(page, GENERAL, SECURITY_USER);
    await page.goto(`${GENERAL}/security/history`);
    const event = page
      .getByTestId('timeline')
      .locator('li')
      .filter({ hasText: 'Sign-in' })
      .filter({ hasNotText: 'from this device' })
      .first();
    await event.getByRole('button', { name: /^This was not me/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Log out everywhere and change my password' })
      .click();
    await expect(page).toHaveURL(/\/forgot-password\/email$/);
    await expect(page.getByRole('status').filter({ hasText: 'Every device was logged out.' })).toBeVisible();
    const intruderPage = intruder.pages()[0];
    await intruderPage?.goto(`${GENERAL}/user/dashboard`);
    await expect(intruderPage as NonNullable<typeof intruderPage>).toHaveURL(/\/login\/email$/);
    await intruder.close();
    await me.close();
  });

  test('changing the password needs a step-up, then shows the new date, a toast and the event', async ({
    page,
  }) => {
    const newPassword = 'Lantern-orbit-meadow-47';
    await logInWithEmail(page, GENERAL, PASSWORD_USER);
    await page.goto(`${GENERAL}/security`);
    await page.getByRole('link', { name: 'Change password' }).click();
    await stepUpWithEmailCode(page, PASSWORD_USER);
    await expect(page).toHaveURL(/\/security\/edit-password$/);
    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/security$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed' }),
    ).toBeVisible();
    const today = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date());
    await expect(page.getByTestId('last-password-change')).toHaveText(`Last changed on ${today}`);
    await page.goto(`${GENERAL}/security/history`);
    await expect(page.getByTestId('timeline').locator('li').first()).toContainText('Password changed');
    // The new password logs in.
    await page.getByRole('button', { name: 'Log out' }).first().click();
    await logInWithEmail(page, GENERAL, PASSWORD_USER, newPassword);
  });
});
