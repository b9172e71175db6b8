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

/** The contact kind of an MFA method kind or outbox channel. */
const KIND: Record<'email' | 'sms', ContactKind> = { email: 'email', sms: 'phone' };

/**
 * The table and the address column of a contact kind. Typed as the e-mail table's: the phone
 * table has the same columns but the address's name, so one query serves both kinds and reads
 * the address through `column`, never by its name.
 */
function tableOf(kind: ContactKind) {
  return (kind === 'email'
    ? { table: 'user_emails', column: 'address' }
    : { table: 'user_phones', column: 'number' }) as unknown as { table: 'user_emails'; column: 'address' };
}

/** The user's contacts of a kind, primary first, as a query. */
function contactsQuery(db: Db, userId: number, kind: ContactKind) {
  const { table, column } = tableOf(kind);
  return db
    .selectFrom(table)
    .select(['id', `${column} as value`, 'is_default', 'verified_at'])
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id');
}

/** The user's contacts of a kind, primary first. */
export async function listContacts(db: Db, userId: number, kind: ContactKind): Promise<ContactRow[]> {
  return contactsQuery(db, userId, kind).execute();
}

/** Locks the user's contacts of a kind for the rest of the transaction (minimum and primary rules). */
export async function lockContacts(db: Db, userId: number, kind: ContactKind): Promise<ContactRow[]> {
  return contactsQuery(db, userId, kind).forUpdate().execute();
}

export async function insertContact(
  db: Db,
  user: { id: number; edition: string },
  kind: ContactKind,
  value: string,
  isDefault: boolean,
): Promise<void> {
  const { table, column } = tableOf(kind);
  const row = { user_id: user.id, edition: user.edition, is_default: isDefault, verified_at: new Date() };
  await db
    .insertInto(table)
    .values({ ...row, [column]: value })
    .execute();
}

/** A proven new address for an existing contact (update, login change): verified from now. */
export async function replaceContactValue(db: Db, kind: ContactKind, id: number, value: string) {
  const { table, column } = tableOf(kind);
  await db
    .updateTable(table)
    .set({ [column]: value, verified_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function markVerified(db: Db, kind: ContactKind, id: number) {
  const { table } = tableOf(kind);
  await db.updateTable(table).set({ verified_at: new Date() }).where('id', '=', id).execute();
}

/** Moves the primary flag (the partial unique index allows one per user: clear first). */
export async function setDefaultContact(db: Db, userId: number, kind: ContactKind, id: number) {
  const { table } = tableOf(kind);
  await db.updateTable(table).set({ is_default: false }).where('user_id', '=', userId).execute();
  await db.updateTable(table).set({ is_default: true }).where('id', '=', id).execute();
}

export async function deleteContact(db: Db, kind: ContactKind, id: number) {
  const { table } = tableOf(kind);
  await db.deleteFrom(table).where('id', '=', id).execute();
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

/** The user's verified addresses of a kind, primary first, as a query. */
function verifiedQuery(db: Db, userId: number, kind: ContactKind) {
  const { table } = tableOf(kind);
  return db
    .selectFrom(table)
    .where('user_id', '=', userId)
    .where('verified_at', 'is not', null)
    .orderBy('is_default', 'desc')
    .orderBy('id');
}

/** The user's primary verified e-mail or phone (step-up of an account without MFA methods). */
export async function primaryVerifiedContact(db: Db, userId: number, kind: 'sms' | 'email') {
  const { column } = tableOf(KIND[kind]);
  const row = await verifiedQuery(db, userId, KIND[kind]).select(`${column} as target`).executeTakeFirst();
  return row?.target;
}

/** Which account of the edition owns an e-mail or phone (unique per edition), if any. */
export async function contactOwner(db: Db, edition: string, kind: 'sms' | 'email', target: string) {
  const { table, column } = tableOf(KIND[kind]);
  const row = await db
    .selectFrom(table)
    .select('user_id')
    .where('edition', '=', edition)
    .where(column, '=', target)
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
  const { table } = tableOf(KIND[kind]);
  const hasDefault = await db
    .selectFrom(table)
    .select('id')
    .where('user_id', '=', user.id)
    .where('is_default', '=', true)
    .executeTakeFirst();
  await insertContact(db, user, KIND[kind], target, !hasDefault);
}

/** The user's verified addresses of a kind, primary first. */
async function verifiedAddresses(db: Db, userId: number, kind: ContactKind): Promise<string[]> {
  const { column } = tableOf(kind);
  const rows = await verifiedQuery(db, userId, kind).select(column).execute();
  return rows.map((row) => row[column]);
}

/** Verified e-mails and phones of a user, primary first: who hears about a password change. */
export async function verifiedContacts(db: Db, userId: number) {
  const emails = await verifiedAddresses(db, userId, 'email');
  const phones = await verifiedAddresses(db, userId, 'phone');
  return { emails, phones };
}

/** Every contact of a kind of a user, oldest first, as it is stored (the data export). */
export async function contactRecords(db: Db, userId: number, kind: ContactKind) {
  const { table, column } = tableOf(kind);
  const rows = await db.selectFrom(table).selectAll().where('user_id', '=', userId).orderBy('id').execute();
  return rows.map((row) => ({
    value: row[column],
    is_default: row.is_default,
    verified_at: row.verified_at,
    created_at: row.created_at,
  }));
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

/** The addresses of a kind of some users, by user, primary first. */
async function addressesOf(db: Db, userIds: readonly number[], kind: ContactKind) {
  const { table, column } = tableOf(kind);
  const rows = await db
    .selectFrom(table)
    .select(['user_id', column])
    .where('user_id', 'in', userIds)
    .orderBy('user_id')
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ kind, value: row[column] }));
}

/** The usernames (every e-mail and phone, primary first) of some users. */
export async function usernamesOf(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  const emails = await addressesOf(db, userIds, 'email');
  const phones = await addressesOf(db, userIds, 'phone');
  return [...emails, ...phones];
}
