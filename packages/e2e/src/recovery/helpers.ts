import { expect, type Page } from '@playwright/test';
import { GENERAL } from '../support/urls';

interface InboxMessage {
  id: number;
  recipient: string;
  subject: string | null;
  bodyText: string;
}

/** Messages of the dev inbox to one recipient, newest first. */
export async function inbox(page: Page, to: string): Promise<InboxMessage[]> {
  const response = await page.request.get(`${GENERAL}/dev/inbox.json?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as InboxMessage[];
}

export async function newestId(page: Page, to: string): Promise<number> {
  return (await inbox(page, to))[0]?.id ?? 0;
}

/** The 8-digit code of the first message to `to` newer than `afterId`. */
export async function codeSentTo(page: Page, to: string, afterId: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const message = (await inbox(page, to)).find((m) => m.id > afterId && /\b\d{8}\b/.test(m.bodyText));
      code = message ? /\b(\d{8})\b/.exec(message.bodyText)?.[1] : undefined;
      return code;
    })
    .toBeTruthy();
  return code as string;
}

/** Forgot password from the login screen to the code screen. */
export async function askForCode(page: Page, origin: string, mode: 'email' | 'phone', username: string) {
  await page.goto(`${origin}/forgot-password/${mode}`);
  await page.locator('input[autocomplete~="username"]').fill(username);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/forgot-password-sent$/);
}

export async function enterCode(page: Page, code: string) {
  await page.locator('input[autocomplete="one-time-code"]').fill(code);
  await page.locator('form button[type="submit"]').click();
}

export async function chooseNewPassword(page: Page, password: string, confirmation = password) {
  const fields = page.locator('input[autocomplete="new-password"]');
  await fields.nth(0).fill(password);
  await fields.nth(1).fill(confirmation);
  await page.locator('form button[type="submit"]').click();
}

/** The whole forgot-password flow for an account whose code arrives at `recipient`. */
export async function resetThroughUi(
  page: Page,
  origin: string,
  input: { mode: 'email' | 'phone'; username: string; recipient: string; password: string },
) {
  const before = await newestId(page, input.recipient);
  await askForCode(page, origin, input.mode, input.username);
  await enterCode(page, await codeSentTo(page, input.recipient, before));
  await expect(page).toHaveURL(/\/reset-password$/);
  await chooseNewPassword(page, input.password);
  await expect(page).toHaveURL(/\/reset-password-confirmed$/);
}
