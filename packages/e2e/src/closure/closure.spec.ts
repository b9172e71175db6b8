import { expect, type Page, test } from '@playwright/test';
import { inbox } from '../recovery/helpers';
import { stepUpWithEmailCode } from '../security/helpers';
import { admin } from '../support/adminCli';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmail } from '../support/login';
import { openApp } from '../support/page';
import { DEMO_PASSWORD, GENERAL, LUXEMBOURG } from '../support/urls';

const ENGLISH = {
  openPage: 'Close my account',
  confirmBox: /I understand that my account closes/,
  boxMissing: 'Tick the box to confirm that you understand what closes.',
  submit: 'Close my account',
  dialogConfirm: 'Yes, close my account',
  closing: 'Your account is being closed',
  keep: 'Keep my account',
  kept: 'Your account is kept',
  linkProblem: 'This link no longer works',
  used: /already used: the closure was cancelled/,
  expired: /grace period is over/,
  invalid: 'Invalid username/password.',
  cardKept: 'Your card and its balance',
};
// Léonie's language is French (fr_LU): the account's language wins once she is known.
const FRENCH = {
  openPage: 'Fermer mon compte',
  confirmBox: /Je comprends que mon compte sera fermé/,
  boxMissing: 'Cochez la case pour confirmer que vous comprenez ce qui est fermé.',
  submit: 'Fermer mon compte',
  dialogConfirm: 'Oui, fermer mon compte',
  closing: 'Votre compte est en cours de fermeture',
  keep: 'Garder mon compte',
  kept: 'Votre compte est conservé',
  linkProblem: 'Ce lien ne fonctionne plus',
  used: /déjà été utilisé : la fermeture a été annulée/,
  expired: /délai de réflexion est écoulé/,
  invalid: /Nom d.utilisateur ou mot de passe invalide|Invalid username/,
  cardKept: 'Votre carte et son solde',
};

const CASES = [
  {
    edition: 'general',
    origin: GENERAL,
    email: 'closure@demo.test',
    phone: '+32470000062',
    names: ['Cléo', 'Vandamme'],
    card: '5065000000000605',
    widths: [1280, 390],
    texts: ENGLISH,
  },
  {
    edition: 'Luxembourg',
    origin: LUXEMBOURG,
    email: 'closure@demo.lu',
    phone: '+352621000062',
    names: ['Léonie', 'Wagener'],
    card: '5065000000000613',
    widths: [390, 1280],
    texts: FRENCH,
  },
] as const;

/** The keep link of the newest closing e-mail to `email` (the token in the fragment). */
async function keepLink(page: Page, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const message = (await inbox(page, email)).find((m) =>
        m.bodyText.includes('/account-closure#closure='),
      );
      link = message?.bodyText.match(/https?:\/\/\S+\/account-closure#closure=[A-Za-z0-9_%-]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}

/** Security → Close my account → step-up → box, question → the closure page. */
async function closeAccount(
  page: Page,
  origin: string,
  email: string,
  texts: typeof ENGLISH | typeof FRENCH,
) {
  await page.goto(`${origin}/security`);
  await page.getByRole('link', { name: texts.openPage }).click();
  await stepUpWithEmailCode(page, email);
  await expect(page).toHaveURL(/\/security\/close-account$/);
  await expect(page.getByText(texts.cardKept)).toBeVisible();
  await expectNoAxeViolations(page);
  // The box unticked: said next to it, nothing closes.
  await page.getByRole('button', { name: texts.submit }).click();
  await expect(page.getByText(texts.boxMissing)).toBeVisible();
  await expect(page.getByLabel(texts.confirmBox)).toBeFocused();
  await page.getByLabel(texts.confirmBox).check();
  await page.getByRole('button', { name: texts.submit }).click();
  await page.getByRole('dialog').getByRole('button', { name: texts.dialogConfirm }).click();
  await expect(page).toHaveURL(/\/account-closure$/);
  await expect(page.getByRole('heading', { name: texts.closing })).toBeVisible();
  await expectNoAxeViolations(page);
}

/** The password login of a closing account: the closure page asks, nothing signs in silently. */
async function signInWhileClosing(page: Page, origin: string, email: string) {
  await openApp(page, `${origin}/login/email`);
  await page.locator('input[autocomplete~="username"]').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/account-closure$/);
}

for (const { edition, origin, email, phone, names, card, widths, texts } of CASES) {
  test(`${edition}: a user closes the account, keeps it at sign-in, closes it again; after the grace period it is erased`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const [first, second] = widths;
    await page.setViewportSize({ width: first, height: 900 });
    await logInWithEmail(page, origin, email);
    await closeAccount(page, origin, email, texts);
    const firstLink = await keepLink(page, email);

    // Signing in during the grace period offers to keep the account.
    await page.setViewportSize({ width: second, height: 900 });
    await signInWhileClosing(page, origin, email);
    await expect(page.getByRole('heading', { name: texts.closing })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: texts.keep }).click();
    await expect(page.getByRole('heading', { name: texts.kept })).toBeVisible();
    await expectNoAxeViolations(page);

    // Kept: the account signs in as before, and closes again.
    await logInWithEmail(page, origin, email);
    await page.setViewportSize({ width: first, height: 900 });
    await closeAccount(page, origin, email, texts);
    const secondLink = await keepLink(page, email);
    expect(secondLink).not.toBe(firstLink);

    // The first e-mail's link, opened as from the mail (a fresh load): that closure was cancelled,
    // the link says so and keeps nothing.
    await page.goto('about:blank');
    await page.goto(firstLink);
    await expect(page).toHaveURL(/\/account-closure$/);
    await page.getByRole('button', { name: texts.keep }).click();
    await expect(page.getByRole('heading', { name: texts.linkProblem })).toBeVisible();
    await expect(page.getByText(texts.used)).toBeVisible();
    await expectNoAxeViolations(page);

    // The grace period ends (the operator's test clock, refused in production): the data is erased.
    const asOf = new Date(Date.now() + 15 * 86_400_000).toISOString();
    expect(admin('closures', 'run', '--as-of', asOf)).toContain('1 account(s) erased.');
    await page.setViewportSize({ width: second, height: 900 });
    await page.goto('about:blank');
    await page.goto(secondLink);
    await page.getByRole('button', { name: texts.keep }).click();
    await expect(page.getByText(texts.expired)).toBeVisible();

    // No table holds the e-mail, phone or names; the card stays with the issuer, linked to nobody.
    for (const value of [email, phone, ...names])
      expect(admin('privacy', 'trace', value), value).toContain('Found nowhere.');
    const traced = admin('privacy', 'trace', card);
    expect(traced).toContain('linked to no account');
    expect(traced).not.toContain('linked to account ');

    // And nobody signs in to it.
    await openApp(page, `${origin}/login/email`);
    await page.locator('input[autocomplete~="username"]').fill(email);
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByText(texts.invalid)).toBeVisible();
    await expect(page).toHaveURL(/\/login\/email$/);
  });
}
