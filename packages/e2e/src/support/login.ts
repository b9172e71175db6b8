import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { openApp } from './page';
import { DEMO_PASSWORD, GENERAL } from './urls';

/** Logs in through the e-mail form of the given origin and waits for the dashboard. */
export async function logInWithEmail(
  page: Page,
  origin: string,
  email: string,
  password = DEMO_PASSWORD,
  /** The skip button's text when the customer MFA intro shows first. */
  skipSetup?: string,
) {
  // After a password reset the same URL is loaded again with the history state that prefills the
  // username (a same-URL navigation keeps it): hydration then writes that default into the field,
  // and a fill racing it (select, default written, insert) left the address twice.
  await openApp(page, `${origin}/login/email`);
  await page.locator('input[autocomplete~="username"]').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  if (skipSetup) {
    await expect(page).toHaveURL(/\/setup-mfa$/);
    await page
      .getByRole('button', { name: skipSetup })
      .or(page.getByRole('link', { name: skipSetup }))
      .click();
  }
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

/** A page of its own browser context at `viewport`, logged in as `email` (see logInWithEmail). */
export async function signedInPage(
  browser: Browser,
  origin: string,
  email: string,
  viewport: { width: number; height: number },
) {
  const page = await (await browser.newContext({ viewport })).newPage();
  await logInWithEmail(page, origin, email);
  return page;
}

/**
 * What another first-party app puts in a `#token=` link: a one-minute hand-over code of the
 * account's session (POST /api/token/handover), never the session token itself.
 */
export async function handoverCode(
  request: APIRequestContext,
  email: string,
  origin = GENERAL,
  password = DEMO_PASSWORD,
): Promise<string> {
  // Node does not resolve lu.localhost: the edition's host goes in the Host header.
  const headers = { 'x-device-id': crypto.randomUUID(), host: new URL(origin).host };
  const login = await request.post(`${GENERAL}/api/token`, { headers, form: { username: email, password } });
  const { access_token } = await login.json();
  const minted = await request.post(`${GENERAL}/api/token/handover`, {
    headers: { ...headers, authorization: `Bearer ${access_token}` },
    data: {},
  });
  expect(minted.status()).toBe(200);
  return (await minted.json()).code;
}
