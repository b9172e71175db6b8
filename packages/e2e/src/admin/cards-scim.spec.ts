import { randomInt } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { openApp } from '../support/page';
import { GENERAL, LUXEMBOURG } from '../support/urls';
import { staffLogIn } from './helpers';

// The operator's integration jobs in the console, in both editions: a card file with a bad row
// is refused whole (the row named), the corrected file is imported (the summary), and a SCIM
// token is created (shown once, working on /scim/v2) and revoked (refused from then on).

/** A Luhn-valid card number of the 5065 range that no other run uses. */
function cardNumber(): string {
  const payload = `50657${String(randomInt(10 ** 9)).padStart(9, '0')}${randomInt(10)}`;
  let sum = 0;
  for (const [index, digit] of [...payload].reverse().entries()) {
    const value = Number(digit) * (index % 2 === 0 ? 2 : 1);
    sum += value > 9 ? value - 9 : value;
  }
  return payload + String((10 - (sum % 10)) % 10);
}

/** A fresh Luxembourg activation code: 11 symbols and their check symbol. */
function activationCode(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const payload = Array.from({ length: 11 }, () => alphabet[randomInt(32)]).join('');
  let sum = 0;
  for (let i = 0; i < payload.length; i++) sum += alphabet.indexOf(payload[i] as string) * (2 * i + 1);
  return payload + alphabet[sum % 32];
}

/** The screen at a phone's and a desktop's width, kept with the run's results. */
async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    // From the top: a full-page capture of a scrolled page draws the sticky top bar mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

async function upload(page: Page, csv: string) {
  await page.locator('input[type="file"]').setInputFiles({
    name: 'cards.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
}

/** Drops a file on the import's drop zone, as a file manager does. */
async function drop(page: Page, csv: string, name: string) {
  const dataTransfer = await page.evaluateHandle(
    ([text, file]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], file, { type: 'text/csv' }));
      return transfer;
    },
    [csv, name] as const,
  );
  await page.getByTestId('card-drop-zone').dispatchEvent('drop', { dataTransfer });
}

interface Words {
  companyField: RegExp;
  tokenName: RegExp;
  importButton: RegExp;
  reason: RegExp;
  problem: RegExp;
  created: RegExp;
  create: RegExp;
  copied: RegExp;
  revoke: RegExp;
  revoked: RegExp;
}

const ENGLISH: Words = {
  companyField: /^Company$/,
  tokenName: /^Name \(optional\)/,
  importButton: /^Check and import$/,
  reason: /^Reason$/,
  problem: /Unknown status/,
  created: /Cards created/,
  create: /^Create a token$/,
  copied: /^I have copied it$/,
  revoke: /^Revoke/,
  revoked: /^Revoked /,
};

const FRENCH: Words = {
  companyField: /^Entreprise$/,
  tokenName: /^Nom \(facultatif\)/,
  importButton: /^Vérifier et importer$/,
  reason: /^Motif$/,
  problem: /Statut inconnu/,
  created: /Cartes créées/,
  create: /^Créer un jeton$/,
  copied: /^Je l'ai copié$/,
  revoke: /^Révoquer/,
  revoked: /^Révoqué le /,
};

async function confirmWithReason(page: Page, words: Words, button: RegExp, reason: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(words.reason).fill(reason);
  await dialog.getByRole('button', { name: button }).click();
}

const EDITIONS = [
  {
    name: 'general',
    origin: GENERAL,
    staff: 'desk-operator@demo.test',
    words: ENGLISH,
    company: 'Acme Belgium',
    option: 'Acme Belgium · General',
    row: (company: string, status = '') => `general;${cardNumber()};;${company};Ann;Peeters;${status}`,
  },
  {
    name: 'lu',
    origin: LUXEMBOURG,
    staff: 'desk-operator@demo.lu',
    words: FRENCH,
    company: 'Acme Luxembourg',
    option: 'Acme Luxembourg · Luxembourg',
    row: (company: string, status = '') =>
      `lu;${cardNumber()};${activationCode()};${company};Jos;Muller;${status}`,
  },
] as const;

for (const edition of EDITIONS) {
  test(`the operator imports cards and manages SCIM tokens (${edition.name})`, async ({ page }) => {
    test.setTimeout(120_000);
    const { origin, words } = edition;
    await staffLogIn(page, origin, edition.staff);

    // The card import: empty, then a file with one bad row (nothing imported), then the fixed file.
    await openApp(page, `${origin}/admin/cards`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (edition.name === 'general') await page.getByLabel('Edition').selectOption('general');
    await expectNoAxeViolations(page);
    await shoot(page, `cards-empty-${edition.name}`);
    const company = `E2E Cards ${edition.name} ${randomInt(10 ** 6)}`;
    const good = [edition.row(company), edition.row(company)];
    const header = '\uFEFFedition;number;activation_code;company;firstname;lastname;status';
    await upload(page, [header, good[0], edition.row(company, 'active'), good[1]].join('\r\n'));
    await page.getByRole('button', { name: words.importButton }).click();
    await confirmWithReason(page, words, words.importButton, 'new batch from the issuer');
    const errors = page.getByTestId('card-row-errors');
    await expect(errors).toBeVisible();
    await expect(errors.getByRole('row')).toHaveCount(2);
    await expect(errors.getByRole('cell', { name: '3', exact: true })).toBeVisible();
    await expect(errors.getByText(words.problem)).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, `cards-errors-${edition.name}`);

    // The same good rows import now: had any been written before, they would be refused as known.
    await drop(page, [header, ...good].join('\r\n'), 'cards-fixed.csv');
    await expect(errors).toHaveCount(0);
    await expect(page.getByText(/^cards-fixed\.csv \(1 K/)).toBeVisible();
    await page.getByRole('button', { name: words.importButton }).click();
    await confirmWithReason(page, words, words.importButton, 'new batch from the issuer, fixed');
    const summary = page.getByTestId('card-import-summary');
    await expect(summary).toBeVisible();
    await expect(summary.getByRole('definition').nth(1)).toHaveText('2');
    await expect(summary.getByText(words.created)).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, `cards-summary-${edition.name}`);

    // A large file on a slow uplink: the bar follows the bytes sent, then the server's part.
    if (edition.name === 'general') {
      await page.getByRole('button', { name: /^Import another file$/ }).click();
      const many = Array.from({ length: 400 }, () => edition.row(company));
      await upload(page, [header, ...many].join('\r\n'));
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      const uplink = (uploadThroughput: number) =>
        cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput,
        });
      await uplink(12_000);
      await page.getByRole('button', { name: words.importButton }).click();
      await confirmWithReason(page, words, words.importButton, 'quarterly batch of the issuer');
      const bar = page.getByRole('progressbar');
      await expect(bar).toBeVisible();
      await expect(page.getByText(/^Sending the file: \d+ %$/)).toBeVisible();
      // Determinate: the bar passes through values between its ends while the bytes go out.
      await expect
        .poll(async () => Number(await bar.getAttribute('value')), { intervals: [100], timeout: 10_000 })
        .toBeGreaterThan(0);
      expect(Number(await bar.getAttribute('value'))).toBeLessThan(100);
      await page.screenshot({ path: test.info().outputPath('cards-progress-general-1280.png') });
      await expect(summary.getByRole('definition').nth(1)).toHaveText('400', { timeout: 30_000 });
      await uplink(-1);
    }

    // SCIM: the operator chooses the company, creates a token (shown once), which works until revoked.
    await openApp(page, `${origin}/admin/scim`);
    await page.getByRole('combobox', { name: words.companyField }).selectOption({ label: edition.option });
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(edition.company) })).toBeVisible();
    const label = `HR ${randomInt(10 ** 6)}`;
    await page.getByLabel(words.tokenName).fill(label);
    await page.getByRole('button', { name: words.create }).click();
    await confirmWithReason(page, words, words.create, 'the company connects its HR system');
    const token = (await page.getByTestId('scim-token').textContent()) ?? '';
    expect(token).toMatch(/^scim_/);
    await expect(page.getByTestId('scim-base-url')).toHaveText(`${origin}/scim/v2`);
    await expectNoAxeViolations(page);
    await shoot(page, `scim-secret-${edition.name}`);

    // From the page, as Chromium resolves lu.localhost (Node does not): status only.
    const users = () =>
      page.evaluate(
        async (bearer) =>
          (
            await fetch('/scim/v2/Users', {
              headers: { authorization: `Bearer ${bearer}`, accept: 'application/scim+json' },
            })
          ).status,
        token,
      );
    expect(await users()).toBe(200);

    await page.getByRole('button', { name: words.copied }).click();
    await expect(page.getByTestId('scim-token')).toHaveCount(0);
    const row = page.getByTestId('scim-tokens').getByRole('row').filter({ hasText: label });
    await expect(row).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, `scim-list-${edition.name}`);

    await row.getByRole('button', { name: words.revoke }).click();
    await confirmWithReason(page, words, words.revoke, 'the company stopped the integration');
    await expect(row.getByText(words.revoked)).toBeVisible();
    expect(await users()).toBe(401);
  });
}
