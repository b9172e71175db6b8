import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { stepUpWithEmailCode } from '../security/helpers';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmail } from '../support/login';
import { GENERAL, LUXEMBOURG } from '../support/urls';

/** Follows a download link and reads the file it saves. */
async function downloaded(page: Page, name: RegExp): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return readFile((await file.path()) as string, 'utf8');
}

const ENGLISH = {
  link: 'Download my data',
  prepare: 'Prepare my download',
  ready: 'Your data is ready.',
  json: /the file \(JSON\)/,
  html: /the page to read \(HTML\)/,
  events: '<h2>Security events</h2>',
};
// Léa's language is French: the account's language wins once she is known.
const FRENCH = {
  link: 'Télécharger mes données',
  prepare: 'Préparer mon téléchargement',
  ready: 'Vos données sont prêtes.',
  json: /le fichier \(JSON\)/,
  html: /la page à lire \(HTML\)/,
  events: '<h2>Événements de sécurité</h2>',
};

const CASES = [
  {
    edition: 'general',
    origin: GENERAL,
    email: 'employee@demo.test',
    firstname: 'Emma',
    width: 1280,
    texts: ENGLISH,
  },
  {
    edition: 'Luxembourg',
    origin: LUXEMBOURG,
    email: 'employee@demo.lu',
    firstname: 'Léa',
    width: 390,
    texts: FRENCH,
  },
] as const;

for (const { edition, origin, email, firstname, width, texts } of CASES) {
  test(`${edition} at ${width} px: a user downloads their data after a step-up and finds their own values`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await logInWithEmail(page, origin, email);
    await page.goto(`${origin}/security`);
    await page.getByRole('link', { name: texts.link }).click();
    await stepUpWithEmailCode(page, email);
    await expect(page).toHaveURL(/\/security\/my-data$/);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: texts.prepare }).click();
    await expect(page.getByText(texts.ready)).toBeFocused();
    await expectNoAxeViolations(page);

    const json = JSON.parse(await downloaded(page, texts.json));
    expect(json.format).toBe('vestibule-data-export/1');
    expect(json.contacts.map((contact: { value: string }) => contact.value)).toContain(email);
    expect(json.profile.firstname).toBe(firstname);
    expect(json.security_events.map((event: { kind: string }) => event.kind)).toContain(
      'account.data_exported',
    );

    const html = await downloaded(page, texts.html);
    expect(html).toContain(email);
    expect(html).toContain(texts.events);
    expect(html).toContain(firstname);
  });
}
