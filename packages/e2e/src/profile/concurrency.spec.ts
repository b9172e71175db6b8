import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { signedInPage } from '../support/login';
import { LAYOUTS } from '../support/page';
import { GENERAL, LUXEMBOURG } from '../support/urls';

// One account signed in in two browsers (two contexts): a change made in A is not silently undone
// by a save from B, which still shows what it read before (docs/decisions/0071). B is told what
// changed, its own edit stays in the form, and its second save keeps both.

const EDITIONS = [
  {
    name: 'general',
    origin: GENERAL,
    email: 'employee@demo.test',
    text: {
      edit: 'Edit personal information',
      first: 'First name',
      colon: ': ',
      last: 'Last name',
      save: 'Save',
      saved: 'Personal information updated',
      changed: 'Changed elsewhere in the meantime',
    },
  },
  {
    name: 'Luxembourg',
    origin: LUXEMBOURG,
    email: 'employee@demo.lu',
    text: {
      edit: 'Modifier les informations personnelles',
      first: 'Prénom',
      colon: ' : ',
      last: 'Nom',
      save: 'Enregistrer',
      saved: 'Informations personnelles modifiées',
      changed: 'Modifié ailleurs entre-temps',
    },
  },
] as const;

type Edition = (typeof EDITIONS)[number];

async function openEditInfo(page: Page, edition: Edition) {
  await page.goto(`${edition.origin}/profile`);
  await page.getByRole('link', { name: edition.text.edit }).click();
  await expect(page).toHaveURL(/\/profile\/edit-info$/);
}

async function save(page: Page, edition: Edition) {
  await page.getByRole('button', { name: edition.text.save, exact: true }).click();
}

for (const layout of LAYOUTS)
  for (const edition of EDITIONS)
    test(`a save from a browser with an older profile does not undo another's change (${edition.name}, ${layout.name})`, async ({
      browser,
    }) => {
      test.setTimeout(60_000);
      const a = await signedInPage(browser, edition.origin, edition.email, layout.viewport);
      const b = await signedInPage(browser, edition.origin, edition.email, layout.viewport);
      await openEditInfo(b, edition);
      const original = {
        first: await b.getByLabel(edition.text.first).inputValue(),
        last: await b.getByLabel(edition.text.last, { exact: true }).inputValue(),
      };

      // A changes the first name; B, still showing the old one, changes the last name.
      await openEditInfo(a, edition);
      await a.getByLabel(edition.text.first).fill('Anna');
      await save(a, edition);
      await expect(a.getByText(edition.text.saved)).toBeVisible();
      await b.getByLabel(edition.text.last, { exact: true }).fill('Peeters');
      await save(b, edition);

      // B is told what changed; A's first name comes into B's form, B's last name stays in it.
      const notice = b.locator('[data-changed-elsewhere]');
      await expect(notice).toContainText(edition.text.changed);
      await expect(notice).toContainText(`${edition.text.first}${edition.text.colon}Anna`);
      await expect(b).toHaveURL(/\/profile\/edit-info$/);
      await expect(b.getByLabel(edition.text.first)).toHaveValue('Anna');
      await expect(b.getByLabel(edition.text.last, { exact: true })).toHaveValue('Peeters');
      await expectNoAxeViolations(b);
      await save(b, edition);
      await expect(b).toHaveURL(/\/profile$/);
      await expect(b.getByRole('main').getByText('Anna', { exact: true })).toBeVisible();
      await expect(b.getByRole('main').getByText('Peeters', { exact: true })).toBeVisible();

      // Back as it was, for the other specs (a page load reads the current version).
      await openEditInfo(a, edition);
      await expect(a.getByLabel(edition.text.last, { exact: true })).toHaveValue('Peeters');
      await a.getByLabel(edition.text.first).fill(original.first);
      await a.getByLabel(edition.text.last, { exact: true }).fill(original.last);
      await save(a, edition);
      await expect(a).toHaveURL(/\/profile$/);
      await expect(a.getByRole('main').getByText(original.last, { exact: true })).toBeVisible();
      await a.context().close();
      await b.context().close();
    });
