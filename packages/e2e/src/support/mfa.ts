import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, GENERAL } from './urls';

export const MFA_USER = 'mfa@demo.test';
export const MFA_PHONE = '+32470000005';
export const DEMO_TOTP_SECRET = 'VESTIBULEDEMOTOTPSECRETKEY234567';

interface InboxMessage {
  to: string;
  bodyText: string;
  createdAt?: string;
}

/** The newest 8-digit code sent to `to` after `since` (dev inbox, newest first). */
export async function codeFromInbox(page: Page, origin: string, to: string, since = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${origin}/dev/inbox.json?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as InboxMessage[];
        const fresh = messages.filter((m) => !m.createdAt || Date.parse(m.createdAt) >= since - 1000);
        code = fresh[0]?.bodyText.match(/\b(\d{8})\b/)?.[1];
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code as string;
}

/** Types the password login of `email` and waits for the method choice. */
export async function passwordStep(page: Page, origin: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${origin}/login/email`);
  await page.locator('input[autocomplete~="username"]').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/** Chooses a method on /mfa/methods by its visible name. */
export async function chooseMethod(page: Page, name: RegExp) {
  await expect(page).toHaveURL(/\/mfa\/methods\?/);
  await page.getByRole('button', { name }).click();
  await expect(page).toHaveURL(/\/mfa\?/);
}

/** Types a code and presses the confirm button (its name in the page's language). */
export async function enterCode(page: Page, code: string, confirm = 'Confirm') {
  await page.locator('input[autocomplete="one-time-code"]').fill(code);
  await page.getByRole('button', { name: confirm, exact: true }).click();
}

/**
 * Logs `email` in with its password and a code sent to its e-mail, then waits for the dashboard
 * (the dev inbox is read on the general host: Node does not resolve *.localhost).
 */
export async function logInWithEmailCode(page: Page, origin: string, email: string) {
  const since = Date.now();
  await passwordStep(page, origin, email);
  await chooseMethod(page, /^E-mail/);
  await enterCode(page, await codeFromInbox(page, GENERAL, email, since));
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}
