import { expect, test } from '@playwright/test';
import { logInWithEmail } from '../support/login';
import { DEMO_PASSWORD, GENERAL } from '../support/urls';

// The `account` cache in localStorage (security review): it outlives the tab and any script of the
// page reads it, so it holds only the first paint's first name and language, and goes as soon as
// no session is left, wherever the session ended (decision 0068).

const cached = () => window.localStorage.getItem('account');

test.describe('cached account', () => {
  test('holds the first name and language only, no contact, IBAN, birth date or id', async ({ page }) => {
    await logInWithEmail(page, GENERAL, 'employee@demo.test');
    await page.goto(`${GENERAL}/profile`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const account = JSON.parse((await page.evaluate(cached)) ?? 'null');
    expect(Object.keys(account).sort()).toEqual(['firstname', 'language']);
  });

  test('a session ended on another device leaves nothing at the next visit', async ({ page, request }) => {
    await logInWithEmail(page, GENERAL, 'employee@demo.test');
    expect(await page.evaluate(cached)).not.toBeNull();
    // Another device of the account logs every session out while this tab is closed.
    await page.close();
    const other = await request.post(`${GENERAL}/api/token`, {
      headers: { 'x-device-id': crypto.randomUUID() },
      form: { username: 'employee@demo.test', password: DEMO_PASSWORD },
    });
    const { access_token } = await other.json();
    const ended = await request.post(`${GENERAL}/api/sessions/logout-all`, {
      headers: { 'x-device-id': crypto.randomUUID(), authorization: `Bearer ${access_token}` },
      data: {},
    });
    expect(ended.status()).toBe(200);
    const next = await page.context().newPage();
    await next.goto(`${GENERAL}/login/email`);
    await expect(next.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect.poll(() => next.evaluate(cached)).toBeNull();
  });
});
