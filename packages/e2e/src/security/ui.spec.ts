import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmail } from '../support/login';
import { GENERAL, LUXEMBOURG } from '../support/urls';
import { stepUpWithEmailCode } from './helpers';

test.describe('security tab: accessibility and editions', () => {
  for (const width of [390, 1280]) {
    test(`overview, history and notifications are axe clean at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await logInWithEmail(page, GENERAL, 'employee@demo.test');
      for (const path of ['/security', '/security/history', '/notifications']) {
        await page.goto(`${GENERAL}${path}`);
        await expect(page.locator('h1')).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
        await expectNoAxeViolations(page);
      }
    });
  }

  test('edit-password is axe clean, with visible focus', async ({ page }) => {
    await logInWithEmail(page, GENERAL, 'security@demo.test');
    await page.goto(`${GENERAL}/security/edit-password`);
    await stepUpWithEmailCode(page, 'security@demo.test');
    await expect(page.locator('h1')).toHaveText('Change password');
    // ASVS 7.4.3: ending the other sessions is the default choice (decision 0027).
    await expect(page.getByRole('checkbox', { name: 'Log out my other devices' })).toBeChecked();
    await expectNoAxeViolations(page);
    await page.getByLabel('Current password').focus();
    const outline = await page
      .getByLabel('Current password')
      .evaluate((el) => getComputedStyle(el).boxShadow);
    expect(outline).not.toBe('none');
  });

  test('the Luxembourg edition shows the tab in French with a localised date, axe clean', async ({
    page,
  }) => {
    await logInWithEmail(page, LUXEMBOURG, 'employee@demo.lu');
    await page.goto(`${LUXEMBOURG}/security`);
    await expect(page.locator('h1')).toHaveText('Sécurité');
    await expect(page.getByTestId('last-password-change')).toContainText('Modifié pour la dernière fois le');
    await expect(page.getByTestId('devices')).toContainText('Cet appareil');
    await expectNoAxeViolations(page);
  });
});

test.describe('security tab: session expiry and a CSP without style attributes', () => {
  for (const [origin, email, expires] of [
    [GENERAL, 'employee@demo.test', 'Expires'],
    [LUXEMBOURG, 'employee@demo.lu', 'Expire le'],
  ] as const) {
    test(`${origin}: each session shows its expiry, and no screen breaks the CSP`, async ({ page }) => {
      // Every CSP violation the browser reports (style attributes included, decision 0028).
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
        );
      });
      await logInWithEmail(page, origin, email);
      const violations: string[] = [];
      for (const path of ['/security', '/security/history', '/notifications', '/profile']) {
        await page.goto(`${origin}${path}`);
        await expect(page.locator('h1')).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: /Loading|Chargement/ })).toHaveCount(0);
        if (path === '/security') await expect(page.getByTestId('devices')).toContainText(expires);
        violations.push(
          ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
        );
      }
      // Style attributes and <style> elements (script-src `eval` reports come from zod's
      // capability probe, which the CSP refuses on purpose and zod then works without).
      expect(violations.filter((v) => v.startsWith('style-src'))).toEqual([]);
    });
  }
});
