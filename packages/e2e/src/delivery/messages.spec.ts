import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// The e-mails as a reader sees them: a password-reset code of each edition, shown by
// the dev inbox in its sandboxed frame beside the text part, then opened alone at phone and
// desktop widths. Screenshots go outside the repository, to be looked at.

const SHOTS = process.env.MESSAGE_SHOTS_DIR ?? join(tmpdir(), 'vestibule-message-shots');
mkdirSync(SHOTS, { recursive: true });

interface InboxMessage {
  id: number;
  subject: string | null;
  bodyText: string;
  hasHtml: boolean;
}

async function newestEmail(page: Page, to: string, afterId: number): Promise<InboxMessage> {
  let found: InboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`${GENERAL}/dev/inbox.json?to=${encodeURIComponent(to)}`);
      const list = (await response.json()) as InboxMessage[];
      found = list.find((m) => m.id > afterId && m.hasHtml);
      return found?.id;
    })
    .toBeTruthy();
  return found as InboxMessage;
}

async function newestId(page: Page, to: string): Promise<number> {
  const response = await page.request.get(`${GENERAL}/dev/inbox.json?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as InboxMessage[])[0]?.id ?? 0;
}

const editions = [
  { name: 'general', origin: GENERAL, email: 'recovery@demo.test', subject: /password reset code/ },
  { name: 'lu', origin: LUXEMBOURG, email: 'recovery@demo.lu', subject: /Vestibule Luxembourg/ },
];

for (const edition of editions) {
  test(`a password-reset code e-mail, rendered in the dev inbox and alone at 390 and 1280 px (${edition.name})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const before = await newestId(page, edition.email);
    await page.goto(`${edition.origin}/forgot-password/email`);
    await page.locator('input[autocomplete~="username"]').fill(edition.email);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/forgot-password-sent$/);

    const message = await newestEmail(page, edition.email, before);
    expect(message.subject).toMatch(edition.subject);
    const code = /\b(\d{8})\b/.exec(message.bodyText)?.[1];
    expect(code).toBeTruthy();

    // The dev inbox: the HTML part in a sandboxed frame, the text part beside it, same code.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${GENERAL}/dev/inbox?to=${encodeURIComponent(edition.email)}`);
    const item = page.locator('li.message').first();
    const frame = item.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(frame).toHaveAttribute('src', `/dev/inbox/${message.id}.html`);
    await expect(item.locator('pre mark.code')).toHaveText(code as string);
    await expect(
      page.frameLocator(`iframe[src="/dev/inbox/${message.id}.html"]`).locator('.code'),
    ).toHaveText(code as string);
    // The inbox page itself; the frame is sandboxed (no script), so axe cannot run inside it.
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .exclude('iframe')
      .setLegacyMode(true)
      .analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await page.screenshot({ path: join(SHOTS, `inbox-${edition.name}-1280.png`) });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: join(SHOTS, `inbox-${edition.name}-390.png`), fullPage: true });

    // The e-mail alone: no sideways scrolling on a phone, the code large and selectable whole.
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${GENERAL}/dev/inbox/${message.id}.html`);
      const box = page.locator('.code');
      await expect(box).toHaveText(code as string);
      const fontSize = await box.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
      expect(fontSize).toBeGreaterThanOrEqual(28);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(
        await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      ).toEqual(expect.arrayContaining([`${edition.origin}/security`]));
      await page.screenshot({ path: join(SHOTS, `email-${edition.name}-${width}.png`), fullPage: true });
    }
  });
}

test('the demo invitation e-mail, with its code and its link to the onboarding', async ({ page }) => {
  const response = await page.request.get(`${GENERAL}/dev/inbox.json?to=invited@demo.test`);
  const [invitation] = ((await response.json()) as InboxMessage[]).filter((m) => m.hasHtml);
  // The demo data writes it at the first start (flows/onboarding/demo.ts).
  expect(invitation).toBeTruthy();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${GENERAL}/dev/inbox/${invitation!.id}.html`);
    await expect(page.locator('.code')).toHaveText(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    await expect(page.locator('a[href*="/onboarding?invitation="]').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: join(SHOTS, `invitation-${width}.png`), fullPage: true });
  }
});
