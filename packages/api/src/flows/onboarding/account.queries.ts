import { EDITIONS, type EditionId, localeFor } from '@vestibule/contract/editions';
import { recordConsents } from '../../account/consents';
import { insertMethod } from '../../account/mfa-methods';
import type { Db } from '../../db/database';
import type { FlowRow } from './flow.queries';

/**
 * Creates the account of a finished flow, in the caller's transaction: the user, its verified
 * e-mail and phone (primary), e-mail and SMS verification methods (SPEC §9 minimums), and the
 * consents with version, language and time. `without` leaves out a contact another account uses
 * (it joins this account only through the merge offered next).
 */
export async function createAccountFromFlow(
  trx: Db,
  flow: FlowRow,
  input: {
    passwordHash: string;
    /** The card's holder data; the national register number as the card holds it (sealed, indexed). */
    holder: {
      birthdate: string | null;
      nationalRegisterNumber: string | null;
      nrnIndex: string | null;
    } | null;
    without?: 'email' | 'sms';
  },
): Promise<number> {
  const edition = EDITIONS[flow.edition as EditionId];
  const now = new Date();
  const user = await trx
    .insertInto('users')
    .values({
      edition: edition.id,
      firstname: flow.firstname,
      lastname: flow.lastname,
      language: localeFor(edition, flow.language) ?? edition.defaultLocale,
      password_hash: input.passwordHash,
      last_password_change: now,
      gender: null,
      birthdate: input.holder?.birthdate ?? null,
      user_id: null,
      customer_user_id: null,
      fridom_user_id: null,
      iban: null,
      country: edition.phoneRegion,
      national_register_number: input.holder?.nationalRegisterNumber ?? null,
      national_register_number_index: input.holder?.nrnIndex ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A card holder is an employee: the account gets its employee-area identifier (SPEC §2 my-area).
  if (flow.card_id !== null)
    await trx
      .updateTable('users')
      .set({ user_id: `MM-${user.id}` })
      .where('id', '=', user.id)
      .execute();
  if (input.without !== 'email')
    await trx
      .insertInto('user_emails')
      .values({
        user_id: user.id,
        edition: edition.id,
        address: flow.email as string,
        is_default: true,
        verified_at: flow.email_verified_at,
      })
      .execute();
  if (input.without !== 'sms')
    await trx
      .insertInto('user_phones')
      .values({
        user_id: user.id,
        edition: edition.id,
        number: flow.phone as string,
        is_default: true,
        verified_at: flow.phone_verified_at,
      })
      .execute();
  if (input.without !== 'sms')
    await insertMethod(trx, { userId: user.id, method: 'sms', target: flow.phone });
  if (input.without !== 'email')
    await insertMethod(trx, { userId: user.id, method: 'email', target: flow.email });
  await recordConsents(trx, [
    {
      user_id: user.id,
      kind: 'terms',
      granted: true,
      version: flow.terms_version,
      language: flow.terms_language,
      created_at: flow.terms_accepted_at ?? now,
    },
    {
      user_id: user.id,
      kind: 'privacy',
      granted: true,
      version: flow.privacy_version,
      language: flow.terms_language,
      created_at: flow.terms_accepted_at ?? now,
    },
    {
      user_id: user.id,
      kind: 'marketing_email',
      granted: flow.marketing_email,
      version: null,
      language: null,
    },
    { user_id: user.id, kind: 'marketing_sms', granted: flow.marketing_sms, version: null, language: null },
  ]);
  return user.id;
}
