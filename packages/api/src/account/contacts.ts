import { EDITIONS, type EditionId } from '@vestibule/contract/editions';
import { toE164 } from '@vestibule/contract/phone';
import type { ContactKind } from '@vestibule/contract/schemas/profile';
import { emailSchema } from '@vestibule/contract/username';
import type { Db } from '../db/database';
import { ApiError } from '../http/api-error';

// The contacts (e-mail addresses and phone numbers) of an account: their queries and invariants
// (SPEC §5: the last contact of a kind stays, one primary per kind, an address unique per edition).

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

/** The user's primary verified e-mail or phone (step-up of an account without MFA methods). */
export async function primaryVerifiedContact(db: Db, userId: number, kind: 'sms' | 'email') {
  const row =
    kind === 'email'
      ? await db
          .selectFrom('user_emails')
          .select('address as target')
          .where('user_id', '=', userId)
          .where('verified_at', 'is not', null)
          .orderBy('is_default', 'desc')
          .orderBy('id')
          .executeTakeFirst()
      : await db
          .selectFrom('user_phones')
          .select('number as target')
          .where('user_id', '=', userId)
          .where('verified_at', 'is not', null)
          .orderBy('is_default', 'desc')
          .orderBy('id')
          .executeTakeFirst();
  return row?.target;
}

/** Which account of the edition owns an e-mail or phone (unique per edition), if any. */
export async function contactOwner(db: Db, edition: string, kind: 'sms' | 'email', target: string) {
  const row =
    kind === 'email'
      ? await db
          .selectFrom('user_emails')
          .select('user_id')
          .where('edition', '=', edition)
          .where('address', '=', target)
          .executeTakeFirst()
      : await db
          .selectFrom('user_phones')
          .select('user_id')
          .where('edition', '=', edition)
          .where('number', '=', target)
          .executeTakeFirst();
  return row?.user_id;
}

/**
 * A target proven by an MFA code becomes a verified contact of the user (primary when the user
 * has none of that kind), so that e-mail and phone lists and MFA agree.
 */
export async function addVerifiedContact(
  db: Db,
  user: { id: number; edition: string },
  kind: 'sms' | 'email',
  target: string,
): Promise<void> {
  if (kind === 'email') {
    const hasDefault = await db
      .selectFrom('user_emails')
      .select('id')
      .where('user_id', '=', user.id)
      .where('is_default', '=', true)
      .executeTakeFirst();
    await db
      .insertInto('user_emails')
      .values({
        user_id: user.id,
        edition: user.edition,
        address: target,
        is_default: !hasDefault,
        verified_at: new Date(),
      })
      .execute();
    return;
  }
  const hasDefault = await db
    .selectFrom('user_phones')
    .select('id')
    .where('user_id', '=', user.id)
    .where('is_default', '=', true)
    .executeTakeFirst();
  await db
    .insertInto('user_phones')
    .values({
      user_id: user.id,
      edition: user.edition,
      number: target,
      is_default: !hasDefault,
      verified_at: new Date(),
    })
    .execute();
}
/** Verified e-mails and phones of a user, primary first: who hears about a password change. */
export async function verifiedContacts(db: Db, userId: number) {
  const emails = await db
    .selectFrom('user_emails')
    .select('address')
    .where('user_id', '=', userId)
    .where('verified_at', 'is not', null)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  const phones = await db
    .selectFrom('user_phones')
    .select('number')
    .where('user_id', '=', userId)
    .where('verified_at', 'is not', null)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  return { emails: emails.map((row) => row.address), phones: phones.map((row) => row.number) };
}

/** Every e-mail of a user (verified or not), for the "not personal" password rule. */
export async function allEmails(db: Db, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('user_emails').select('address').where('user_id', '=', userId).execute();
  return rows.map((row) => row.address);
}

export const INVALID: Record<ContactKind, 'invalid_email' | 'invalid_phone'> = {
  email: 'invalid_email',
  phone: 'invalid_phone',
};

/** An address as typed, normalised (lower-case e-mail, E.164 phone); 422 with the SPEC text otherwise. */
export function normaliseContact(kind: ContactKind, raw: string, edition: string): string {
  if (kind === 'email') {
    const parsed = emailSchema.safeParse(raw);
    if (!parsed.success) throw new ApiError('invalid_email');
    return parsed.data;
  }
  const phone = toE164(raw, EDITIONS[edition as EditionId]?.phoneRegion ?? 'BE');
  if (!phone) throw new ApiError('invalid_phone');
  return phone;
}

/**
 * An address can be given to this account only when no account of the edition (this one included)
 * has it: the SPEC's "invalid or already used" answer (422), never a 5xx from the unique index.
 */
export async function requireFree(db: Db, edition: string, kind: ContactKind, value: string) {
  if ((await contactOwner(db, edition, CHANNEL[kind], value)) !== undefined)
    throw new ApiError(INVALID[kind]);
}

/** One of the user's contacts of a kind; another user's id is simply not found (404). */
export async function ownContact(db: Db, userId: number, kind: ContactKind, id: number, lock = false) {
  const rows = lock ? await lockContacts(db, userId, kind) : await listContacts(db, userId, kind);
  const contact = rows.find((row) => row.id === id);
  if (!contact) throw new ApiError('not_found');
  return { contact, rows };
}

/** The primary (the login) and a contact that sends MFA codes are changed elsewhere (409). */
export async function requireFreelyEditable(db: Db, userId: number, kind: ContactKind, contact: ContactRow) {
  if (contact.is_default) throw new ApiError('contact_is_primary');
  if (await backsMfaMethod(db, userId, kind, contact.value)) throw new ApiError('contact_used_by_mfa');
}

/** The usernames (every e-mail and phone, primary first) of some users. */
export async function usernamesOf(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  const emails = await db
    .selectFrom('user_emails')
    .select(['user_id', 'address'])
    .where('user_id', 'in', userIds)
    .orderBy('user_id')
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  const phones = await db
    .selectFrom('user_phones')
    .select(['user_id', 'number'])
    .where('user_id', 'in', userIds)
    .orderBy('user_id')
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  return [
    ...emails.map((row) => ({ kind: 'email' as const, value: row.address })),
    ...phones.map((row) => ({ kind: 'phone' as const, value: row.number })),
  ];
}
