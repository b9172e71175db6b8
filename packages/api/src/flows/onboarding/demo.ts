import { codeCheckSymbol } from '@vestibule/contract/activation-code';
import { luhnCheckDigit } from '@vestibule/contract/card-number';
import type { Db } from '../../db/database';
import { sealedCardNumber, sealedHolderNrn } from '../../security/sealed-identifiers';
import type { SecretBox } from '../../security/secret-box';
import { hashToken } from '../../security/tokens';
import { companyId, createInvitation } from './registry';

/** A card number of the 5065 prefix from its first 15 digits. */
function cardNumber(payload: string): string {
  return payload + luhnCheckDigit(payload);
}

/** Demo items of the README "Onboarding" table. */
export const DEMO_ONBOARDING = {
  /** General edition, unused: the card path. */
  card: cardNumber('506510000000001'),
  /** General edition, held by the issuer: the account is created, the activation fails. */
  heldCard: cardNumber('506510000000002'),
  /** Luxembourg edition, unused activation code (and its card). */
  activationCode: `K7M3Q9TZ4HB${codeCheckSymbol('K7M3Q9TZ4HB')}`,
  activationCard: cardNumber('506510000000101'),
  /** General edition, open for a year from the seed: invited@demo.test. */
  invitationCode: 'ACME2GREET',
  invitationEmail: 'invited@demo.test',
} as const;

/** Seeds the demo card registry, one invitation (its e-mail lands in the dev inbox). */
export async function seedOnboardingDemo(db: Db, secrets: SecretBox): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const acme = await companyId(trx, 'general', 'Acme Belgium');
    const acmeLu = await companyId(trx, 'lu', 'Acme Luxembourg');
    const card = {
      user_id: null,
      holder_birthdate: null,
      ...sealedHolderNrn(secrets, null),
      activation_code_hash: null,
    };
    await trx
      .insertInto('cards')
      .values([
        {
          ...card,
          edition: 'general',
          ...sealedCardNumber(secrets, DEMO_ONBOARDING.card),
          company_id: acme,
          holder_firstname: 'Nora',
          holder_lastname: 'Jacobs',
          status: 'inactive',
        },
        {
          ...card,
          edition: 'general',
          ...sealedCardNumber(secrets, DEMO_ONBOARDING.heldCard),
          company_id: acme,
          holder_firstname: 'Hugo',
          holder_lastname: 'Leclercq',
          status: 'held',
        },
        {
          ...card,
          edition: 'lu',
          ...sealedCardNumber(secrets, DEMO_ONBOARDING.activationCard),
          activation_code_hash: hashToken(DEMO_ONBOARDING.activationCode),
          company_id: acmeLu,
          holder_firstname: 'Luc',
          holder_lastname: 'Hoffmann',
          status: 'inactive',
        },
      ])
      .execute();
    const port = process.env.PORT ?? '3000';
    await createInvitation(trx, secrets, {
      edition: 'general',
      email: DEMO_ONBOARDING.invitationEmail,
      company: 'Acme Belgium',
      firstname: 'Ines',
      lastname: 'Willems',
      language: 'en',
      days: 365,
      linkBase: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
      code: DEMO_ONBOARDING.invitationCode,
    });
  });
}
