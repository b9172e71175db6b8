import { expect, test } from '@playwright/test';
import { admin } from '../support/adminCli';
import { expectNoAxeViolations } from '../support/axe';
import { GENERAL, LUXEMBOURG } from '../support/urls';
import { expectStep, freshEmail, freshPhone, fromInbox, issueCard, signUpFromWelcome } from './helpers';

test.describe('onboarding', () => {
  // Whole sign-ups (argon2 hashing, several messages) on a shared, loaded machine.
  test.describe.configure({ timeout: 120_000 });
  test('card path: card number, terms, details, e-mail and SMS codes, password, card activated, dashboard', async ({
    page,
  }) => {
    const card = issueCard();
    await page.goto(`${GENERAL}/onboarding`);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: /I received a card/ }).click();
    await expect(page).toHaveURL(/\/onboarding\/card$/);
    await expectStep(page, 1);
    await page.getByLabel('Card number').fill(card.number.replace(/(\d{4})(?=\d)/g, '$1 '));
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/onboarding\/welcome$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Nora!' })).toBeVisible();
    await expect(
      page.getByText(`E2E Company ordered a card for you, ending in ${card.number.slice(-4)}.`),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    const email = freshEmail();
    await signUpFromWelcome(page, { email, phone: freshPhone() });
    await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
    await expect(page.getByText('Your card is activated. You can use it right away.')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Go to my account' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByText(/Nora/).first()).toBeVisible();
    // The legal pages show the versions the consent ledger recorded at sign-up, by month.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' }).click();
    await expect(page.getByText(/^You accepted the version of January 2026 on /)).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy statement' }).click();
    await expect(page.getByText(/^You accepted the version of November 2025 on /)).toBeVisible();
  });

  test('Luxembourg activation-code path on lu.localhost, in French', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-LU' });
    const page = await context.newPage();
    const card = issueCard({ edition: 'lu' });
    await page.goto(`${LUXEMBOURG}/onboarding`);
    await expect(page.getByRole('heading', { name: 'Créez votre compte' })).toBeVisible();
    await page.getByRole('link', { name: /J'ai reçu une carte/ }).click();
    await expect(page.getByRole('heading', { name: 'Activez votre carte' })).toBeVisible();
    await expectStep(page, 1);
    await page.getByLabel("Code d'activation").fill(card.activationCode.toLowerCase());
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('heading', { name: 'Bienvenue, Nora !' })).toBeVisible();
    await expectNoAxeViolations(page);
    await signUpFromWelcome(page, { email: freshEmail(), phone: freshPhone('lu') });
    await expect(
      page.getByText("Votre carte est activée. Vous pouvez l'utiliser tout de suite."),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('invitation path: the code from the invitation e-mail, the invited address proves its mailbox with a code', async ({
    page,
  }) => {
    const email = freshEmail();
    expect(
      admin('invitations', 'create', '--email', email, '--company', 'E2E Company', '--language', 'en'),
    ).toContain('its code was sent by e-mail');
    const code = await fromInbox(page, email, /invitation code\s+([0-9A-Z]{5}-[0-9A-Z]{5})/);
    await page.goto(`${GENERAL}/onboarding`);
    await page.getByRole('link', { name: /e.mail invitation/ }).click();
    await expectStep(page, 1);
    await page.getByLabel('Invitation code').fill(code);
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByText('E2E Company invites you to create your account.')).toBeVisible();
    await signUpFromWelcome(page, { email, phone: freshPhone(), invited: true });
    await expect(page.getByText('You can now use your account.')).toBeVisible();
  });

  test('an invitation used with another e-mail tells the invitee, whose "this was not me" freezes the account', async ({
    page,
    browser,
  }) => {
    const invited = freshEmail();
    admin('invitations', 'create', '--email', invited, '--company', 'E2E Company', '--language', 'en');
    const code = await fromInbox(page, invited, /invitation code\s+([0-9A-Z]{5}-[0-9A-Z]{5})/);
    await page.goto(`${GENERAL}/onboarding`);
    await page.getByRole('link', { name: /e.mail invitation/ }).click();
    await page.getByLabel('Invitation code').fill(code);
    await page.locator('form button[type="submit"]').click();
    const own = freshEmail();
    await signUpFromWelcome(page, { email: own, phone: freshPhone() });
    await expect(page.getByText('You can now use your account.')).toBeVisible();
    const link = await fromInbox(page, invited, /(\/invitation\/not-me\?code=[A-Za-z0-9_-]+)/);
    // The invitee, in a browser of their own.
    const inviteeContext = await browser.newContext();
    const invitee = await inviteeContext.newPage();
    await invitee.goto(`${GENERAL}${link}`);
    await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('Was this not you?');
    // The page takes the code out of the address once it has read it (after the heading shows).
    await expect.poll(() => new URL(invitee.url()).search).toBe('');
    await expectNoAxeViolations(invitee);
    await invitee.getByRole('button', { name: 'Freeze the account' }).click();
    await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('The account is frozen');
    await inviteeContext.close();
    // The new account's session ended with the freeze.
    await page.goto(`${GENERAL}/user/dashboard`);
    await expect(page).toHaveURL(/\/login\/email$/);
  });

  test('failed card activation: the account is created, the card can be activated later', async ({
    page,
    browser,
  }) => {
    const card = issueCard({ held: true });
    await page.goto(`${GENERAL}/onboarding`);
    await page.getByRole('link', { name: /I received a card/ }).click();
    await page.getByLabel('Card number').fill(card.number);
    await page.locator('form button[type="submit"]').click();
    await signUpFromWelcome(page, { email: freshEmail(), phone: freshPhone() });
    await expect(page.getByRole('alert')).toContainText("Your card couldn't be activated.");
    await expect(page.getByText('You can activate your card later in the app.')).toBeVisible();
    await expectNoAxeViolations(page);

    // Entered again later (a phone, another visitor): not "already activated", which it is not.
    const later = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await later.goto(`${GENERAL}/onboarding`);
    await later.getByRole('link', { name: /I received a card/ }).click();
    await later.getByLabel('Card number').fill(card.number);
    await later.locator('form button[type="submit"]').click();
    await expect(later.getByRole('alert')).toContainText(
      'This card is linked to an account but could not be activated yet.',
    );
    await expect(later.getByText('This card has already been activated.')).toHaveCount(0);
    await expectNoAxeViolations(later);
    await later.context().close();
  });
});
