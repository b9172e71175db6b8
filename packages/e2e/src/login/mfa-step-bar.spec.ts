import { expect, test } from '@playwright/test';
import { passwordStep } from '../support/mfa';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// Before the code is entered there is no session: the top bar offers no "Log out" on the MFA step.
for (const { origin, email, width } of [
  { origin: GENERAL, email: 'mfa@demo.test', width: 1280 },
  { origin: LUXEMBOURG, email: 'mfa@demo.lu', width: 390 },
]) {
  test(`the MFA step of a login shows no "Log out" (${new URL(origin).hostname}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await passwordStep(page, origin, email);
    await expect(page).toHaveURL(/\/mfa\/methods\?.*isLogin=true/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
    await page.getByRole('button', { name: /^E-mail/ }).click();
    await expect(page).toHaveURL(/\/mfa\?/);
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  });
}
