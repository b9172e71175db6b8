import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { logInWithEmail } from '../support/login';

import { GENERAL, LUXEMBOURG } from '../support/urls';

const CASES = [
  {
    edition: 'general',
    origin: GENERAL,
    email: 'employee@demo.test',
    width: 1280,
    texts: {
      link: 'Messages we send you',
      newDevice: /Sign-in from a new device/,
      marketingEmail: /News and offers by e-mail/,
      save: 'Save my choices',
      saved: 'Your choices are saved.',
      mandatory: 'Your password was changed',
    },
  },
  {
    edition: 'Luxembourg',
    origin: LUXEMBOURG,
    email: 'employee@demo.lu',
    width: 390,
    texts: {
      link: 'Les messages que nous vous envoyons',
      newDevice: /Connexion depuis un nouvel appareil/,
      marketingEmail: /Actualités et offres par e-mail/,
      save: 'Enregistrer mes choix',
      saved: 'Vos choix sont enregistrés.',
      mandatory: 'Votre mot de passe a été modifié',
    },
  },
] as const;

for (const { edition, origin, email, width, texts } of CASES) {
  test(`${edition} at ${width} px: a user turns the new-device alert off and marketing e-mails on, and finds the choice kept`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await logInWithEmail(page, origin, email);
    await page.goto(`${origin}/security`);
    await page.getByRole('link', { name: texts.link }).click();
    await expect(page).toHaveURL(/\/security\/preferences$/);
    await expect(page.getByText(texts.mandatory)).toBeVisible();
    await expect(page.getByLabel(texts.newDevice)).toBeChecked();
    await expectNoAxeViolations(page);

    await page.getByLabel(texts.newDevice).uncheck();
    await page.getByLabel(texts.marketingEmail).check();
    await page.getByRole('button', { name: texts.save }).click();
    await expect(page.getByText(texts.saved)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(texts.newDevice)).not.toBeChecked();
    await expect(page.getByLabel(texts.marketingEmail)).toBeChecked();

    // Back as the demo data has it, for the other specs.
    await page.getByLabel(texts.newDevice).check();
    await page.getByLabel(texts.marketingEmail).uncheck();
    await page.getByRole('button', { name: texts.save }).click();
    await expect(page.getByText(texts.saved)).toBeVisible();
  });
}
