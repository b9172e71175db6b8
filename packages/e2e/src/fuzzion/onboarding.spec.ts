import { expect, test } from '@playwright/test';
import { freshPhone, issueCard, signUpFromWelcome } from '../onboarding/helpers';
import { expectNoAxeViolations } from '../support/axe';
import { codeFromInbox, enterCode } from '../support/mfa';
import { DEMO_PASSWORD, GENERAL, LUXEMBOURG } from '../support/urls';

// Merge offered during onboarding: a new sign-up proves the e-mail of merge-lu@demo.lu
// (README demo accounts), on a phone-sized screen of the Luxembourg edition, in French.

test.describe('merge offered during onboarding', () => {
  test.describe.configure({ timeout: 150_000 });
  test('a Luxembourg sign-up with the e-mail of an existing account merges that account into the new one', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'fr-LU', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const card = issueCard({ edition: 'lu' });
    await page.goto(`${LUXEMBOURG}/onboarding`);
    await page.getByRole('link', { name: /J'ai reçu une carte/ }).click();
    await page.getByLabel("Code d'activation").fill(card.activationCode);
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('heading', { name: 'Bienvenue, Nora !' })).toBeVisible();

    await signUpFromWelcome(page, {
      email: 'merge-lu@demo.lu',
      phone: freshPhone('lu'),
      emailOfAnotherAccount: true,
    });
    // The account exists without that e-mail; the confirmation announces the merge.
    await expect(page.getByText('Un autre compte utilise merge-lu@demo.lu')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Continuer' }).click();

    await expect(page).toHaveURL(/\/duplicated\?target=merge-lu%40demo\.lu&method=email$/);
    await expect(
      page.getByText("L'adresse e-mail merge-lu@demo.lu appartient déjà à un autre compte."),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    const since = Date.now();
    await page.getByRole('button', { name: /SMS au/ }).click();
    await enterCode(page, await codeFromInbox(page, GENERAL, '+352621000040', since), 'Confirmer');

    await page.getByLabel("Le mot de passe de ce compte sur l'espace employé").check();
    await page.getByLabel("Mot de passe de l'autre compte").fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByRole('button', { name: 'Fusionner les comptes' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Fusionner les comptes' }).click();

    // The new account had its own SMS method: no further verification before the success screen.
    await expect(page).toHaveURL(/\/fuzzion-success$/);
    await expect(page.getByRole('heading', { name: 'Vos comptes sont fusionnés' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Aller à mon tableau de bord' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await context.close();
  });
});
