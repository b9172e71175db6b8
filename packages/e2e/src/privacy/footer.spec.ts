import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmail } from '../support/login';
import { GENERAL, LUXEMBOURG } from '../support/urls';

/** Follows a footer link and checks the legal page it opens: its heading and its dated version. */
async function followFooterLink(page: Page, name: string, heading: string, version: RegExp) {
  await page.getByRole('contentinfo').getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByText(version)).toBeVisible();
  await expectNoAxeViolations(page);
}

test.describe('footer', () => {
  test('general, signed out: privacy statement and terms with their dated versions, help and the operator', async ({
    page,
  }) => {
    await page.goto(`${GENERAL}/login/email`);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'support@vestibule.example' })).toHaveAttribute(
      'href',
      'mailto:support@vestibule.example',
    );
    await expect(footer.getByText('Vestibule SA · Rue de la Loi 1, 1000 Bruxelles')).toBeVisible();
    // No tag manager on this server: nothing to choose.
    await expect(footer.getByRole('button', { name: 'Cookie choices' })).toHaveCount(0);
    await followFooterLink(
      page,
      'Privacy statement',
      'Privacy statement',
      /^Version of November 2025, in English\.$/,
    );
    await expect(
      page.getByText('Vestibule SA, Rue de la Loi 1, 1000 Bruxelles, is responsible'),
    ).toBeVisible();
    await followFooterLink(
      page,
      'Terms and conditions',
      'Terms and conditions',
      /^Version of January 2026, in English\.$/,
    );
    // A visitor stays a visitor on the legal pages: no logout button.
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  });

  test('Luxembourg in French: the edition operator, its versions and its authority', async ({ page }) => {
    await page.context().addCookies([{ name: 'vestibule_locale', value: 'fr_LU', url: LUXEMBOURG }]);
    await page.goto(`${LUXEMBOURG}/login/email`);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(/^Vestibule Luxembourg S\.A\. · /)).toBeVisible();
    await followFooterLink(
      page,
      'Déclaration de confidentialité',
      'Déclaration de confidentialité',
      /^Version de décembre 2025, en français\.$/,
    );
    await expect(page.getByText(/Commission nationale pour la protection des données/)).toBeVisible();
    await followFooterLink(
      page,
      'Conditions générales',
      'Conditions générales',
      /^Version de février 2026, en français\.$/,
    );
  });

  test('signed in: the footer follows the page, and the legal pages keep the session', async ({ page }) => {
    await logInWithEmail(page, GENERAL, 'employee@demo.test');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Privacy statement' })).toBeVisible();
    await expectNoAxeViolations(page);
    await footer.getByRole('link', { name: 'Privacy statement' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await page.goto(`${GENERAL}/security`);
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' }),
    ).toBeVisible();
  });
});
