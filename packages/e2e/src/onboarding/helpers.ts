import { randomBytes, randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { formatCode, newActivationCode } from '../../../contract/src/activation-code';
import { luhnCheckDigit } from '../../../contract/src/card-number';
import { admin } from '../support/adminCli';
import { GENERAL } from '../support/urls';

export interface IssuedCard {
  number: string;
  activationCode: string;
}

/** A card of this run only, imported with the admin command; `held` cards fail activation. */
export function issueCard(options: { edition?: 'general' | 'lu'; held?: boolean } = {}): IssuedCard {
  const payload = `50658${String(randomInt(10 ** 9)).padStart(9, '0')}${randomInt(10)}`;
  const card = {
    number: payload + luhnCheckDigit(payload),
    activationCode: newActivationCode((n) => randomBytes(n)),
  };
  const file = join(tmpdir(), `onboarding-cards-${card.number}.csv`);
  writeFileSync(
    file,
    [
      'edition,number,activation_code,company,firstname,lastname,status',
      `${options.edition ?? 'general'},${card.number},${formatCode(card.activationCode)},E2E Company,Nora,Jacobs,${options.held ? 'held' : 'inactive'}`,
    ].join('\n'),
  );
  expect(admin('cards', 'import', file)).toContain('Imported 1 card(s).');
  return card;
}

interface InboxMessage {
  id: number;
  bodyText: string;
}

/** The body of the newest message to `to` matching `pattern` (dev inbox JSON, newest first). */
export async function fromInbox(page: Page, to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        // The dev inbox holds every edition's messages; Node resolves localhost, not lu.localhost.
        const response = await page.request.get(`${GENERAL}/dev/inbox.json?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as InboxMessage[];
        found = messages[0] ? pattern.exec(messages[0].bodyText)?.[1] : undefined;
        return found;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return found as string;
}

export function freshEmail(): string {
  return `onboarding-${randomBytes(4).toString('hex')}@e2e.test`;
}

export function freshPhone(edition: 'general' | 'lu' = 'general'): string {
  const digits = String(randomInt(10 ** 6)).padStart(6, '0');
  return edition === 'lu' ? `+352621${digits}` : `+32479${digits}`;
}

/** Steps that hash a password or write several rows may take a while on a loaded machine. */
const SLOW = { timeout: 20_000 };

const submit = (page: Page) => page.locator('form button[type="submit"]');

/** The code the server sent to `to` (e-mail or SMS) typed on /onboarding-mfa. */
async function typeCode(page: Page, to: string, step: number) {
  await expect(page).toHaveURL(/\/onboarding-mfa$/, SLOW);
  await expectStep(page, step);
  const code = await fromInbox(page, to, /\b(\d{8})\b/);
  await page.locator('input[autocomplete="one-time-code"]').fill(code);
  await submit(page).click();
}

/**
 * The step counter of the screen shows step `n` of the six of the sign-up (code, terms, details,
 * e-mail, phone, password), in any language, with `n` bars filled.
 */
export async function expectStep(page: Page, n: number) {
  const bars = page.locator('ol[aria-labelledby]');
  await expect(bars.locator('li')).toHaveCount(6);
  await expect(bars.locator('li[data-done="true"]')).toHaveCount(n);
  const label = page.locator(`[id="${await bars.getAttribute('aria-labelledby')}"]`);
  await expect(label).toHaveText(new RegExp(`^\\D+ ${n} \\D+ 6$`));
}

/**
 * Types a value the contract refuses and submits: the field shows its error and nothing answered
 * ≥ 400 meanwhile (the form did not send it; decision 0056).
 */
async function expectRefusedOnTheClient(page: Page, field: Locator, value: string) {
  const refused: string[] = [];
  const onResponse = (response: Response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
  };
  page.on('response', onResponse);
  await field.fill(value);
  await submit(page).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  page.off('response', onResponse);
  expect(refused).toEqual([]);
}

/**
 * From the welcome screen to the confirmation: terms, names and e-mail, the e-mail code, the phone code, the password; the step counter checked on each screen.
 */
export async function signUpFromWelcome(
  page: Page,
  contact: { email: string; phone: string; invited?: boolean; emailOfAnotherAccount?: boolean },
  /** Runs on the duplicate-found screen (a look, a screenshot) before going on. */
  onDuplicateScreen?: () => Promise<unknown>,
) {
  await expect(page).toHaveURL(/\/onboarding\/welcome$/, SLOW);
  // The welcome answers the card or invitation and lists the steps ahead: "Step 1 of 6" is the
  // card's or code's screen only, never two screens in a row.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('ol[aria-labelledby]')).toHaveCount(0);
  await page.locator('section button').first().click();
  await expect(page).toHaveURL(/\/onboarding\/terms-conditions$/, SLOW);
  await expectStep(page, 2);
  const checks = page.locator('input[type="checkbox"]');
  await checks.nth(0).check();
  await checks.nth(1).check();
  await submit(page).click();
  await expect(page).toHaveURL(/\/onboarding\/create$/, SLOW);
  await expectStep(page, 3);
  // Names come prefilled from the card holder; an invitation may have none.
  const firstname = page.locator('input[autocomplete="given-name"]');
  if (!(await firstname.inputValue())) await firstname.fill('Ines');
  const lastname = page.locator('input[autocomplete="family-name"]');
  if (!(await lastname.inputValue())) await lastname.fill('Willems');
  if (!contact.invited) await page.locator('input[autocomplete="email"]').fill(contact.email);
  await submit(page).click();
  await expect(page).toHaveURL(/\/onboarding\/email-verification$/, SLOW);
  await expectStep(page, 4);
  await page.locator('section button').first().click();
  // Every address proves its mailbox with a code, the invited one too (decision 0068).
  await typeCode(page, contact.email, 4);
  if (contact.emailOfAnotherAccount) {
    // The duplicate-found screen: go on with this address (the merge is offered at the end).
    await expect(page).toHaveURL(/\/onboarding\/duplicate$/, SLOW);
    await expectStep(page, 4);
    await expect(page.getByText(contact.email, { exact: false }).first()).toBeVisible();
    await onDuplicateScreen?.();
    await page.locator('a[href="/onboarding/phone-verification"]').click();
  }
  await expect(page).toHaveURL(/\/onboarding\/phone-verification$/, SLOW);
  await expectStep(page, 5);
  await expectRefusedOnTheClient(page, page.locator('input[type="tel"]'), '12');
  await page.locator('input[type="tel"]').fill(contact.phone);
  await submit(page).click();
  await typeCode(page, contact.phone, 5);
  await expect(page).toHaveURL(/\/onboarding\/password$/, SLOW);
  await expectStep(page, 6);
  const password = page.locator('input[autocomplete="new-password"]');
  await password.nth(1).fill('short');
  await expectRefusedOnTheClient(page, password.nth(0), 'short');
  await password.nth(0).fill('Blue-harbour-lantern-42');
  await password.nth(1).fill('Blue-harbour-lantern-42');
  await submit(page).click();
  await expect(page).toHaveURL(/\/onboarding\/confirmation$/, SLOW);
}
