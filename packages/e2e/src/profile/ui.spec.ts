import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmail } from '../support/login';
import { GENERAL, LUXEMBOURG } from '../support/urls';
import { describeAtEachLayout, openProfile } from './helpers';

describeAtEachLayout(
  (layout) => `profile screens (ui, ${layout})`,
  (signedIn) => {
    test('general edition: overview and edit screens are accessible and fit the screen', async () => {
      const page = signedIn.general;
      await openProfile(page);
      await expectNoAxeViolations(page);
      // The add form and its field error.
      const emails = page.locator('[data-contacts="email"]');
      await emails.getByRole('button', { name: 'Add an e-mail address' }).click();
      await emails.getByRole('button', { name: 'Send a code' }).click();
      await expect(emails.getByText('Enter an e-mail address.')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Edit personal information' }).click();
      await expect(page).toHaveURL(/edit-info$/);
      await expectNoAxeViolations(page);
      for (const path of ['/profile/edit-credentials', '/profile/edit-iban']) {
        await page.goto(`${GENERAL}${path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(overflow, path).toBe(false);
      }
      // Touch targets: every shown button of the overview is at least 44 px high.
      await openProfile(page);
      for (const box of await page
        .locator('main button, main a')
        // A closed confirmation dialog's buttons are not shown, so not measured.
        .evaluateAll((els) =>
          els.filter((el) => el.checkVisibility()).map((el) => el.getBoundingClientRect().height),
        ))
        expect(box).toBeGreaterThanOrEqual(44);
    });

    test('Luxembourg edition: the overview is accessible, phones in international format', async () => {
      const page = signedIn.lu;
      await openProfile(page);
      await expect(page.getByText('+352 621 000 021')).toBeVisible();
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      expect(new URL(page.url()).origin).toBe(LUXEMBOURG);
    });
  },
);

// A gender never chosen reads on the overview as the form pre-selects it ("Prefer not to say"),
// not "Not set" beside a form that says otherwise.
for (const { origin, email, width } of [
  { origin: GENERAL, email: 'employee@demo.test', width: 1280 },
  { origin: LUXEMBOURG, email: 'employee@demo.lu', width: 390 },
]) {
  test(`the overview names the gender as the form pre-selects it (${new URL(origin).hostname}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await logInWithEmail(page, origin, email);
    await page.goto(`${origin}/profile`);
    await page.locator('main a[href$="/profile/edit-info"]').click();
    const gender = page
      .locator('fieldset')
      .filter({ has: page.locator('input[type="radio"][name$="-gender"]') });
    const question = (await gender.locator('legend').textContent()) as string;
    const chosen = (await gender
      .locator('label')
      .filter({ has: page.locator('input:checked') })
      .textContent()) as string;
    expect(chosen.trim()).not.toBe('');
    await page.goBack();
    await expect(page).toHaveURL(/\/profile$/);
    const shown = page
      .locator('main dl > div')
      .filter({ has: page.locator('dt', { hasText: question }) })
      .locator('dd');
    await expect(shown).toHaveText(chosen.trim());
  });
}
