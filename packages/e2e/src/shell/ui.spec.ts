import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmail } from '../support/login';
import { GENERAL, LUXEMBOURG } from '../support/urls';

const layouts = [
  { name: 'mobile', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

for (const layout of layouts) {
  test.describe(`${layout.name} layout`, () => {
    test.use({ viewport: layout.viewport });

    for (const origin of [GENERAL, LUXEMBOURG]) {
      test(`login screens have no axe violations (${new URL(origin).hostname})`, async ({ page }) => {
        await page.goto(`${origin}/login/email`);
        await expectNoAxeViolations(page);
        await page.goto(`${origin}/login/phone`);
        await expectNoAxeViolations(page);
      });
    }

    test('dashboard has no axe violations and the right navigation', async ({ page }) => {
      await logInWithEmail(page, GENERAL, 'fridom@demo.test');
      await expectNoAxeViolations(page);
      const nav = page.getByRole('navigation', { name: /main|account/i }).first();
      const box = await nav.boundingBox();
      if (layout.name === 'mobile') {
        // A tab bar fixed at the bottom of the screen.
        expect(box && box.y + box.height).toBeGreaterThan(layout.viewport.height - 2);
        expect(box?.width).toBe(layout.viewport.width);
      } else {
        // A sidebar on the left under the top bar.
        expect(box?.x).toBe(0);
        expect(box?.height).toBeGreaterThan(400);
      }
    });

    test('the maintenance page shows the text in Dutch, French and English without the top bar', async ({
      page,
    }) => {
      await page.goto(`${GENERAL}/maintenance`);
      await expect(
        page.getByText('Sorry, you cannot log in at the moment. Please try again later.'),
      ).toBeVisible();
      await expect(
        page.getByText('Désolé, vous ne pouvez pas vous connecter pour le moment.', { exact: false }),
      ).toBeVisible();
      await expect(
        page.getByText('Sorry, je kunt je op dit moment niet aanmelden.', { exact: false }),
      ).toBeVisible();
      await expect(page.getByTestId('brand-name')).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  });
}
