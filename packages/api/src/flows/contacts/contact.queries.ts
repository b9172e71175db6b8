import type { ContactKind } from '@vestibule/contract/schemas/profile';
import type { Db } from '../../db/database';

// One module for both contact tables (user_emails.address, user_phones.number): the rules are the
// same, only the table and the column differ.

export interface ContactRow {
  id: number;
  value: string;
  is_default: boolean;
  verified_at: Date | null;
}

/** The MFA method kind and outbox channel of a contact kind. */
export const CHANNEL: Record<ContactKind, 'email' | 'sms'> = { email: 'email', phone: 'sms' };

/** The user's contacts of a kind, primary first. */
export async function listContacts(db: Db, userId: number, kind: ContactKind): Promise<ContactRow[]> {
  if (kind === 'email')
    return db
      .selectFrom('user_emails')
      .select(['id', 'address as value', 'is_default', 'verified_at'])
      .where('user_id', '=', userId)
      .orderBy('is_default', 'desc')
      .orderBy('id')
      .execute();
  return db
    .selectFrom('user_phones')
    .select(['id', 'number as value', 'is_default', 'verified_at'])
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
}

/** Locks the user's contacts of a kind for the rest of the transaction (minimum and primary rules). */
export async function lockContacts(db: Db, userId: number, kind: ContactKind): Promise<ContactRow[]> {
  if (kind === 'email')
    return db
      .selectFrom('user_emails')
      .select(['id', 'address as value', 'is_default', 'verified_at'])
      .where('user_id', '=', userId)
      .orderBy('is_default', 'desc')
      .orderBy('id')
      .forUpdate()
      .execute();
  return db
    .selectFrom('user_phones')
    .select(['id', 'number as value', 'is_default', 'verified_at'])
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function insertContact(
  db: Db,
  user: { id: number; edition: string },
  kind: ContactKind,
  value: string,
  isDefault: boolean,
): Promise<void> {
  const row = { user_id: user.id, edition: user.edition, is_default: isDefault, verified_at: new Date() };
  if (kind === 'email')
    await db
      .insertInto('user_emails')
      .values({ ...row, address: value })
      .execute();
  else
    await db
      .insertInto('user_phones')
      .values({ ...row, number: value })
      .execute();
}

/** A proven new address for an existing contact (update, login change): verified from now. */
export async function replaceContactValue(db: Db, kind: ContactKind, id: number, value: string) {
  if (kind === 'email')
    await db
      .updateTable('user_emails')
      .set({ address: value, verified_at: new Date() })
      .where('id', '=', id)
      .execute();
  else
    await db
      .updateTable('user_phones')
      .set({ number: value, verified_at: new Date() })
      .where('id', '=', id)
      .execute();
}

export async function markVerified(db: Db, kind: ContactKind, id: number) {
  if (kind === 'email')
    await db.updateTable('user_emails').set({ verified_at: new Date() }).where('id', '=', id).execute();
  else await db.updateTable('user_phones').set({ verified_at: new Date() }).where('id', '=', id).execute();
}

/** Moves the primary flag (the partial unique index allows one per user: clear first). */
export async function setDefaultContact(db: Db, userId: number, kind: ContactKind, id: number) {
  if (kind === 'email') {
    await db.updateTable('user_emails').set({ is_default: false }).where('user_id', '=', userId).execute();
    await db.updateTable('user_emails').set({ is_default: true }).where('id', '=', id).execute();
  } else {
    await db.updateTable('user_phones').set({ is_default: false }).where('user_id', '=', userId).execute();
    await db.updateTable('user_phones').set({ is_default: true }).where('id', '=', id).execute();
  }
}

export async function deleteContact(db: Db, kind: ContactKind, id: number) {
  if (kind === 'email') await db.deleteFrom('user_emails').where('id', '=', id).execute();
  else await db.deleteFrom('user_phones').where('id', '=', id).execute();
}

/** Whether an MFA method (sms for phones, email for e-mails) sends its codes to this address. */
export async function backsMfaMethod(db: Db, userId: number, kind: ContactKind, value: string) {
  const row = await db
    .selectFrom('mfa_methods')
    .select('id')
    .where('user_id', '=', userId)
    .where('method', '=', CHANNEL[kind])
    .where('target', '=', value)
    .executeTakeFirst();
  return row !== undefined;
}

/** After a proven change of address, the MFA methods that used the old one follow it. */
export async function moveMfaTarget(db: Db, userId: number, kind: ContactKind, from: string, to: string) {
  await db
    .updateTable('mfa_methods')
    .set({ target: to, updated_at: new Date() })
    .where('user_id', '=', userId)
    .where('method', '=', CHANNEL[kind])
    .where('target', '=', from)
    .execute();
}

/** The user's verified primary e-mail and phone: who hears about a change besides its subject. */
export async function primaryAddresses(db: Db, userId: number) {
  const emails = await listContacts(db, userId, 'email');
  const phones = await listContacts(db, userId, 'phone');
  const primary = (rows: ContactRow[]) =>
    rows.find((row) => row.is_default && row.verified_at !== null)?.value;
  return { email: primary(emails), phone: primary(phones) };
}
