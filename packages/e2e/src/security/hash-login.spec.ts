import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { handoverCode, logInWithEmail } from '../support/login';
import { DEMO_PASSWORD, GENERAL, LUXEMBOURG } from '../support/urls';

// Login CSRF through the URL hash (security review): a link to `/#token=…` made by someone else
// must never sign the visitor in to that account without a word (decision 0068).

test.describe('hash login hand-over', () => {
  test('a signed-in user is asked "Continue as Finn?" and stays themselves on "No"', async ({
    page,
    request,
  }) => {
    await logInWithEmail(page, GENERAL, 'employee@demo.test');
    const code = await handoverCode(request, 'fridom@demo.test');
    // Another path than the open one: a hash-only change is no page load.
    await page.goto(`${GENERAL}/#token=${code}:isOriginApp=false`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Continue as Finn?');
    await expect(page.getByText('You are signed in as Emma now')).toBeVisible();
    await page.getByRole('button', { name: 'No, cancel' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Emma');
    // The code was not spent: nobody was signed in with it.
    const preview = await request.post(`${GENERAL}/api/token/handover/preview`, {
      headers: { 'x-device-id': crypto.randomUUID() },
      data: { code },
    });
    expect(preview.status()).toBe(200);
  });

  test('a visitor is asked too: nothing is signed in before the click', async ({ page, request }) => {
    const code = await handoverCode(request, 'fridom@demo.test');
    await page.goto(`${GENERAL}/user/dashboard#token=${code}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Continue as Finn?');
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await page.getByRole('button', { name: 'Continue as Finn' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welkom, Finn');
  });

  test('a session token in the hash (the old hand-over) signs nobody in', async ({ page, request }) => {
    const login = await request.post(`${GENERAL}/api/token`, {
      headers: { 'x-device-id': crypto.randomUUID() },
      form: { username: 'fridom@demo.test', password: DEMO_PASSWORD },
    });
    const { access_token } = await login.json();
    await page.goto(`${GENERAL}/user/dashboard#token=${access_token}`);
    await expect(page.getByRole('alert')).toHaveText(/This link is no longer valid/);
    await page.getByRole('button', { name: 'Go on without it' }).click();
    await expect(page).toHaveURL(/\/login\/email$/);
  });

  test('the same account already signed in goes on without a question', async ({ page, request }) => {
    await logInWithEmail(page, GENERAL, 'employee@demo.test');
    const code = await handoverCode(request, 'employee@demo.test');
    await page.goto(`${GENERAL}/security#token=${code}`);
    await expect(page).toHaveURL(/\/security$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Security');
  });

  for (const width of [390, 1280]) {
    test(`the question is axe clean at ${width}px, in both editions`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const [origin, email, name] of [
        [GENERAL, 'fridom@demo.test', 'Finn'],
        [LUXEMBOURG, 'employee@demo.lu', 'Léa'],
      ] as const) {
        const code = await handoverCode(request, email, origin);
        await page.goto(`${origin}/user/dashboard#token=${code}`);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
        await expectNoAxeViolations(page);
      }
    });
  }
});
