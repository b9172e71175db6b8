import { expect, type Page } from '@playwright/test';

/**
 * Loads a page of the portal and waits until React has taken over the pre-rendered HTML: a field
 * filled before that is reset by hydration once the page's data arrives (a form that prefills the
 * account's own address would then send to it instead).
 */
export async function openApp(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
}
