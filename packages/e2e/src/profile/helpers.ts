import { expect, type Page, test } from '@playwright/test';
import { codeFromInbox, logInWithEmailCode, passwordStep } from '../support/mfa';
import { LAYOUTS, type Layout } from '../support/page';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// The dedicated demo accounts of these specs (README): profile@demo.test has MFA by e-mail
// (primary) and SMS on both its phones; profile@demo.lu has no MFA and steps up with a code to
// its primary e-mail.
export const PROFILE = {
  general: { origin: GENERAL, email: 'profile@demo.test', phone: '+32470000020', second: '+32470000021' },
  lu: { origin: LUXEMBOURG, email: 'profile@demo.lu', phone: '+352621000020', second: '+352621000021' },
} as const;

/**
 * The tests `body` defines, once at each layout in a describe block `title(layout)`, with the two
 * accounts signed in for them (signedInProfiles).
 */
export function describeAtEachLayout(
  title: (layout: string) => string,
  body: (signedIn: { general: Page; lu: Page }, layout: Layout) => void,
) {
  for (const layout of LAYOUTS)
    test.describe(title(layout.name), () => body(signedInProfiles(layout), layout));
}

/**
 * The pages of a describe block at `layout`: profile@demo.test (general edition, after an MFA
 * login) and profile@demo.lu (Luxembourg, no MFA), logged in before its tests and closed after.
 * The success, error and ui specs share this setup.
 */
function signedInProfiles(layout: Layout): { general: Page; lu: Page } {
  const pages = {} as { general: Page; lu: Page };
  // Two logins (one with an MFA code) and axe scans take longer than the default 30 s.
  test.describe.configure({ timeout: 90_000 });
  test.beforeAll(async ({ browser }) => {
    pages.general = await (await browser.newContext({ viewport: layout.viewport })).newPage();
    await logInGeneral(pages.general);
    pages.lu = await (await browser.newContext({ viewport: layout.viewport })).newPage();
    await logInLu(pages.lu);
  });
  test.afterAll(async () => {
    await pages.general.context().close();
    await pages.lu.context().close();
  });
  return pages;
}

/** Logs profile@demo.test in with an e-mail code (which also grants a step-up). */
export async function logInGeneral(page: Page) {
  await logInWithEmailCode(page, GENERAL, PROFILE.general.email);
}

/** Logs profile@demo.lu in (no MFA: no step-up yet). */
export async function logInLu(page: Page) {
  await passwordStep(page, LUXEMBOURG, PROFILE.lu.email);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

/** Opens the overview through the sidebar (or tab bar). */
export async function openProfile(page: Page) {
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
}

/** A phone number no account has, unique per call: +32 478 xx xx xx or +352 691 xxx xxx. */
let counter = 0;
export function freshPhone(edition: 'general' | 'lu'): { e164: string; typed: string } {
  counter += 1;
  const digits = String((Date.now() + counter * 7919) % 1_000_000).padStart(6, '0');
  return edition === 'general'
    ? { e164: `+32478${digits}`, typed: `0478 ${digits}` }
    : { e164: `+352691${digits}`, typed: `691 ${digits}` };
}

export function freshEmail(): string {
  counter += 1;
  return `added-${Date.now()}-${counter}@example.test`;
}

/** Reads the code sent to `to` after `since` and confirms it in the profile code form (the dev inbox is read on the general host: Node does not resolve *.localhost). */
export async function confirmCode(page: Page, origin: string, to: string, since: number) {
  const code = await codeFromInbox(page, origin, to, since);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
}

const ADD_BUTTON = { email: 'Add an e-mail address', phone: 'Add a phone number' } as const;
const NEW_FIELD = { email: 'New e-mail address', phone: 'New phone number' } as const;

/** The e-mail or phone list of the overview. */
export function contactList(page: Page, kind: 'email' | 'phone') {
  return page.locator(`[data-contacts="${kind}"]`);
}

/** Opens the add form of the e-mail or phone list, types `value` and asks for a code. */
export async function addContact(page: Page, kind: 'email' | 'phone', value: string) {
  const list = contactList(page, kind);
  await list.getByRole('button', { name: ADD_BUTTON[kind] }).click();
  await list.getByLabel(NEW_FIELD[kind]).fill(value);
  await list.getByRole('button', { name: 'Send a code' }).click();
  return list;
}

/** The messages the dev inbox holds for `to`, newest first (read on the general host). */
export async function inboxOf(page: Page, to: string): Promise<{ bodyText: string }[]> {
  return (await page.request.get(`${GENERAL}/dev/inbox.json?to=${encodeURIComponent(to)}`)).json();
}

export function contactRow(page: Page, value: string) {
  return page.locator(`li[data-contact="${value}"]`);
}

export async function expectToast(page: Page, text: string) {
  await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
}
