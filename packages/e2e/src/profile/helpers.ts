import { expect, type Page } from '@playwright/test';
import { chooseMethod, codeFromInbox, enterCode, passwordStep } from '../support/mfa';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// The dedicated demo accounts of these specs (README): profile@demo.test has MFA by e-mail
// (primary) and SMS on both its phones; profile@demo.lu has no MFA and steps up with a code to
// its primary e-mail.
export const PROFILE = {
  general: { origin: GENERAL, email: 'profile@demo.test', phone: '+32470000020', second: '+32470000021' },
  lu: { origin: LUXEMBOURG, email: 'profile@demo.lu', phone: '+352621000020', second: '+352621000021' },
} as const;

export const LAYOUTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Logs profile@demo.test in with an e-mail code (which also grants a step-up). */
export async function logInGeneral(page: Page) {
  const since = Date.now();
  await passwordStep(page, GENERAL, PROFILE.general.email);
  await chooseMethod(page, /^E-mail/);
  await enterCode(page, await codeFromInbox(page, GENERAL, PROFILE.general.email, since));
  await expect(page).toHaveURL(/\/user\/dashboard$/);
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

export function contactRow(page: Page, value: string) {
  return page.locator(`li[data-contact="${value}"]`);
}

export async function expectToast(page: Page, text: string) {
  await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
}
