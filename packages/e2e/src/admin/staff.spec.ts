import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { GENERAL, LUXEMBOURG } from '../support/urls';
import { staffSignIn } from './helpers';

// A security officer grants a staff role from the console and takes it away again: the unknown
// address is named beside its field, the officer's own roles offer no change.

const EDITIONS = [
  {
    origin: GENERAL,
    security: 'desk-security@demo.test',
    person: 'employee@demo.test',
    width: 1280,
  },
  { origin: LUXEMBOURG, security: 'desk-security@demo.lu', person: 'profile@demo.lu', width: 390 },
] as const;

for (const edition of EDITIONS) {
  test(`a security officer grants and takes a staff role (${new URL(edition.origin).hostname}, ${edition.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await staffSignIn(page, edition.origin, edition.security);
    await page.setViewportSize({ width: edition.width, height: edition.width === 390 ? 844 : 800 });
    await page.goto(`${edition.origin}/admin/staff`);
    const list = page.getByTestId('staff');
    await expect(list).toBeVisible();
    // The officer's own row offers nothing to change.
    await expect(
      list.getByRole('listitem').filter({ hasText: edition.security }).getByRole('button'),
    ).toHaveCount(0);

    await page.getByRole('button', { name: 'Grant a role' }).click();
    const form = page.locator('form', { has: page.getByLabel('E-mail address of the account') });
    await form.getByLabel('E-mail address of the account').fill('nobody-at-all@demo.test');
    await form.getByLabel('Role').selectOption('operator');
    await form.getByLabel('Reason').fill('joins the operations team');
    await form.getByRole('button', { name: 'Grant the role' }).click();
    await expect(form.getByText(/No account uses this e-mail address in this edition/)).toBeVisible();
    await expectNoAxeViolations(page);
    // With ADMIN_SHOTS=dir, the form with its error is saved there (to look at it).
    if (process.env.ADMIN_SHOTS)
      await page.screenshot({
        path: `${process.env.ADMIN_SHOTS}/staff-grant-${new URL(edition.origin).hostname}-${edition.width}.png`,
        fullPage: true,
      });

    await form.getByLabel('E-mail address of the account').fill(edition.person);
    await form.getByRole('button', { name: 'Grant the role' }).click();
    await expect(page.getByText('Role granted. The enrolment e-mail is on its way.')).toBeVisible();
    const row = list
      .getByRole('listitem')
      .filter({ hasText: edition.person })
      .filter({ hasText: 'Operator' });
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Take away' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toContainText('Take the Operator role from');
    await dialog.getByLabel('Reason').fill('granted by mistake');
    await dialog.getByRole('button', { name: 'Take the role away' }).click();
    await expect(page.getByText('Role taken away.')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
}
