import { expect, test } from '@playwright/test';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// The API reference at /api/docs renders the live OpenAPI document from our own origin: nothing
// loads from elsewhere (the CSP refuses it), and both editions serve it.
for (const origin of [GENERAL, LUXEMBOURG]) {
  test(`the API reference renders the OpenAPI document (${origin})`, async ({ page }) => {
    const outside: string[] = [];
    const failures: string[] = [];
    // Redoc's footer names its logo on a CDN: the CSP refuses it, so no answer ever comes from there.
    page.on('response', (response) => {
      if (!response.url().startsWith(origin) && !response.url().startsWith('blob:'))
        outside.push(response.url());
    });
    page.on('pageerror', (error) => failures.push(error.message));
    await page.goto(`${origin}/api/docs`);
    await expect(page.getByRole('heading', { name: /Vestibule account API/ })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('menuitem', { name: 'token' }).first().click();
    await expect(page.getByText('Log in with a username and password').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /openapi\.json|blob:/);
    expect(failures).toEqual([]);
    expect(outside).toEqual([]);
  });
}
