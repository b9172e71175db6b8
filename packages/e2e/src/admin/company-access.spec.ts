import { expect, test } from '@playwright/test';
import { openApp } from '../support/page';
import { GENERAL } from '../support/urls';
import { staffLogIn } from './helpers';

// The company admin's access dialog (decision 0085): a suspension asks for a reason of three
// characters (the contract's), says so beside the field until the next keystroke, then ends the
// person's access; a restore gives it back. The demo company admin reads the console in French.

const PERSON = 'Maxime Claes';

test('the company admin suspends a person for a reason, then restores the access', async ({ page }) => {
  test.setTimeout(90_000);
  await staffLogIn(page, GENERAL, 'desk-company@demo.test');
  await openApp(page, `${GENERAL}/admin/company/people`);
  const row = page.getByRole('row').filter({ hasText: PERSON });
  await expect(row).toContainText('Actif');

  await row.getByRole('button', { name: `Suspendre l'accès: ${PERSON}` }).click();
  const dialog = page.getByRole('dialog', { name: `Suspendre l'accès de ${PERSON} ?` });
  const reason = dialog.getByLabel('Raison');
  // Cancelled, the dialog forgets what was typed.
  await reason.fill('Départ');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  await row.getByRole('button', { name: `Suspendre l'accès: ${PERSON}` }).click();
  await expect(reason).toHaveValue('');

  // Two characters once trimmed: refused before anything is sent, the focus on the field.
  await reason.fill('  ab  ');
  await dialog.getByRole('button', { name: "Suspendre l'accès" }).click();
  const message = dialog.getByText("Indiquez une raison d'au moins 3 caractères.");
  await expect(message).toBeVisible();
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await reason.press('c');
  await expect(message).toBeHidden();

  await reason.fill('Départ de l’entreprise');
  await dialog.getByRole('button', { name: "Suspendre l'accès" }).click();
  await expect(page.getByText(`Accès de ${PERSON} suspendu.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Suspendu');

  await row.getByRole('button', { name: `Rétablir l'accès: ${PERSON}` }).click();
  const restore = page.getByRole('dialog', { name: `Rétablir l'accès de ${PERSON} ?` });
  await restore.getByLabel('Raison').fill('Retour dans l’entreprise');
  await restore.getByRole('button', { name: "Rétablir l'accès" }).click();
  await expect(page.getByText(`Accès de ${PERSON} rétabli.`)).toBeVisible();
  await expect(row).toContainText('Actif');
});
