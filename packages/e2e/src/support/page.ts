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

/** Answers the DELETEs sent to `url` with a 500 (server_error); its other requests go through. */
export async function failDeletes(page: Page, url: string) {
  await page.route(url, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"code":"server_error","message":"x"}',
        })
      : route.continue(),
  );
}

/** Answers every request to `url` with a 429 `code`, as the server does, with its wait in Retry-After. */
export async function tooManyRequests(page: Page, url: string, code: string, retryAfterSeconds: number) {
  await page.route(url, (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'Retry-After': String(retryAfterSeconds) },
      body: JSON.stringify({ code, message: 'Too many attempts.' }),
    }),
  );
}

/** The widths every signed-in screen is checked at: a desktop and a phone. */
export const LAYOUTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

export type Layout = (typeof LAYOUTS)[number];
