import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { codeFromInbox } from '../support/mfa';
import { DEMO_PASSWORD, GENERAL } from '../support/urls';

/**
 * Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform authenticator
 * with resident keys and user verification (a fingerprint that always matches), on this page.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    /** The passkeys the authenticator holds, with their relying party. */
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/**
 * Forgets the session in this browser (token and login cookie), as a new visit would: from a page
 * of the same origin that runs no SPA, so no request in flight can store the token again.
 */
export async function forgetSession(page: Page) {
  const origin = new URL(page.url()).origin;
  await page.goto(`${origin}/healthz`);
  await page.context().clearCookies();
  await page.evaluate(() => window.sessionStorage.clear());
}

/** Password login; an e-mail code when the account asks for it (MFA by e-mail). */
export async function passwordLogin(
  page: Page,
  origin: string,
  email: string,
  options: { mfaByEmail?: boolean } = {},
) {
  await page.goto(`${origin}/login/email`);
  await page.locator('input[autocomplete~="username"]').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  const since = Date.now();
  await page.locator('form button[type="submit"]').click();
  if (options.mfaByEmail) {
    await expect(page).toHaveURL(/\/mfa\/methods\?/);
    await page.getByRole('button', { name: /^E-mail/ }).click();
    await expect(page).toHaveURL(/\/mfa\?/);
    await page
      .locator('input[autocomplete="one-time-code"]')
      .fill(await codeFromInbox(page, GENERAL, email, since));
    await page.locator('form button[type="submit"]').click();
  }
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

/** Where screenshots go when SHOTS_DIR is set (never the repository). */
export async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
