import { expect, test } from '@playwright/test';
import { GENERAL } from '../support/urls';
import { issueCard } from './helpers';

test.describe('onboarding errors and entry order', () => {
  test.describe.configure({ timeout: 90_000 });
  test('a direct visit to a later step bounces to /onboarding', async ({ page }) => {
    for (const step of [
      '/onboarding/password',
      '/onboarding/confirmation',
      '/onboarding-mfa',
      '/onboarding/create',
    ]) {
      await page.goto(`${GENERAL}${step}`);
      await expect(page).toHaveURL(/\/onboarding$/);
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    }
  });

  test('an invalid card number is said at once, an unknown one by the server, an activated one gets its screen', async ({
    page,
  }) => {
    await page.goto(`${GENERAL}/onboarding`);
    await page.getByRole('link', { name: /I received a card/ }).click();
    const field = page.getByLabel('Card number');
    await field.fill('5065 0000 0000 0002');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByText('Your card number is invalid.')).toBeVisible();
    // Luhn-valid but never issued.
    await field.fill('5065 0000 0000 0035');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByText('Your card number is invalid.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    // The demo employee's card.
    await field.fill('5065 0000 0000 0001');
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/onboarding\/existingCard$/);
    await expect(page.getByRole('heading', { name: 'This card is already activated' })).toBeVisible();
  });

  test('a sign-up in progress resumes from /onboarding after a reload', async ({ page }) => {
    const card = issueCard();
    await page.goto(`${GENERAL}/onboarding`);
    await page.getByRole('link', { name: /I received a card/ }).click();
    await page.getByLabel('Card number').fill(card.number);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/onboarding\/welcome$/);
    await page.reload();
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.getByRole('button', { name: 'Continue my sign-up' }).click();
    await expect(page).toHaveURL(/\/onboarding\/welcome$/);
  });
});
