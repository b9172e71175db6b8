import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { GENERAL, LUXEMBOURG } from '../support/urls';
import { staffSignIn } from './helpers';

// The operator sends a company's CSV file of new people: company and reason first, a bad row
// names itself and invites nobody, the corrected file invites everyone.

// The Luxembourg operator reads the console in French (the demo account's language).
const EDITIONS = [
  {
    origin: GENERAL,
    operator: 'desk-operator@demo.test',
    company: 'Acme Belgium (general)',
    width: 1280,
    text: {
      title: 'Invitation batches',
      upload: 'Invite everyone in the file',
      companyRequired: 'Choose the company these people join.',
      reasonRequired: 'Please say why you are doing this.',
      company: 'Company',
      reason: 'Reason',
      sent: '2 invitations sent.',
    },
  },
  {
    origin: LUXEMBOURG,
    operator: 'desk-operator@demo.lu',
    company: 'Acme Luxembourg (Luxembourg)',
    width: 390,
    text: {
      title: "Lots d'invitations",
      upload: 'Inviter toutes les personnes du fichier',
      companyRequired: "Choisissez l'entreprise que ces personnes rejoignent.",
      reasonRequired: 'Veuillez indiquer pourquoi vous faites ceci.',
      company: 'Entreprise',
      reason: 'Motif',
      sent: '2 invitations envoyées.',
    },
  },
] as const;

/** With ADMIN_SHOTS set, the screen at both widths (then back to the test's), from the top. */
async function shoot(page: Page, name: string, width: number) {
  const folder = process.env.ADMIN_SHOTS;
  if (!folder) return;
  for (const shot of [390, 1280]) {
    await page.setViewportSize({ width: shot, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${folder}/${name}-${shot}.png`, fullPage: true });
  }
  await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
}

const file = (text: string) => ({ name: 'joiners.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

for (const edition of EDITIONS) {
  test(`the operator invites a company's people from a file (${new URL(edition.origin).hostname}, ${edition.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await staffSignIn(page, edition.origin, edition.operator);
    await page.setViewportSize({ width: edition.width, height: edition.width === 390 ? 844 : 800 });
    await page.goto(`${edition.origin}/admin/invitations`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(edition.text.title);
    const tag = randomUUID().slice(0, 8);
    const [first, second] = [`batch-${tag}-a@e2e.test`, `batch-${tag}-b@e2e.test`];
    const upload = page.getByRole('button', { name: edition.text.upload });

    // Company and reason are asked for beside their fields, before anything is sent.
    await page.locator('input[type="file"]').setInputFiles(file(`email\r\n${first}\r\n`));
    await upload.click();
    await expect(page.getByText(edition.text.companyRequired)).toBeVisible();
    await expect(page.getByText(edition.text.reasonRequired)).toBeVisible();
    await expect(page.getByLabel(edition.text.company, { exact: true })).toBeFocused();
    await shoot(page, `batches-required-${new URL(edition.origin).hostname}`, edition.width);

    await page.getByLabel(edition.text.company, { exact: true }).selectOption({ label: edition.company });
    // A field's message goes as soon as that field changes; the other's stays.
    await expect(page.getByText(edition.text.companyRequired)).toBeHidden();
    await expect(page.getByText(edition.text.reasonRequired)).toBeVisible();
    await page.getByLabel(edition.text.reason, { exact: true }).fill('HR sent the joiners of the month');
    await page
      .locator('input[type="file"]')
      .setInputFiles(file(`email;firstname\r\n${first};Ana\r\nnot-an-address;Bo\r\n`));
    await upload.click();
    const errors = page.getByRole('alert').filter({ has: page.locator('table') });
    await expect(errors.getByRole('cell', { name: '3', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, `batches-${new URL(edition.origin).hostname}`, edition.width);

    await page
      .locator('input[type="file"]')
      .setInputFiles(file(`email;firstname\r\n${first};Ana\r\n${second};Bo\r\n`));
    await upload.click();
    await expect(page.getByText(edition.text.sent)).toBeVisible();
  });
}
