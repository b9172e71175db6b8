import { maskIban } from '@vestibule/contract/iban';
import { maskPhone } from '@vestibule/contract/phone';
import { DATA_EXPORT_FORMAT, type DataExport } from '@vestibule/contract/schemas/privacy';
import type { ContactKind } from '@vestibule/contract/schemas/profile';
import { contactRecords } from '../../account/contacts';
import { listUserGrants } from '../../account/grants';
import type { Db } from '../../db/database';
import { maskRecipient } from '../../delivery/mask';
import { openIdentifier } from '../../security/sealed-identifiers';
import type { SecretBox } from '../../security/secret-box';
import { clientNames } from '../oauth/index';

// Everything the portal holds about one account (GDPR Art. 15 and 20), one small query per part.
// Secrets never leave (hashes, TOTP secrets, message bodies); cards, the IBAN, the national number
// and the MFA targets leave masked (opened from their seal first), as the portal itself shows them.

const iso = (value: Date | string | null | undefined): string | null =>
  value == null ? null : new Date(value).toISOString();

/** `•••• 1234`: the last four digits, as the portal shows a card. */
function maskDigits(value: string): string {
  return `•••• ${value.replace(/\D/g, '').slice(-4)}`;
}

/** An MFA target: a phone or address masked as in messages, nothing for an authenticator app. */
function maskTarget(target: string | null): string | null {
  if (!target) return null;
  return target.includes('@') ? maskRecipient(target) : (maskPhone(target) ?? maskDigits(target));
}

async function profileOf(db: Db, secrets: SecretBox, userId: number) {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return {
    edition: user.edition,
    profile: {
      firstname: user.firstname,
      lastname: user.lastname,
      gender: user.gender,
      birthdate: user.birthdate,
      language: user.language,
      country: user.country,
      iban: user.iban ? maskIban(openIdentifier(secrets, user.iban)) : null,
      national_register_number: user.national_register_number
        ? maskDigits(openIdentifier(secrets, user.national_register_number))
        : null,
      created_at: iso(user.created_at),
      last_password_change: iso(user.last_password_change),
    },
  };
}

async function contactsOf(db: Db, userId: number): Promise<DataExport['contacts']> {
  const exported = async (kind: ContactKind) =>
    (await contactRecords(db, userId, kind)).map((row) => ({
      kind,
      value: row.value,
      primary: row.is_default,
      verified_at: iso(row.verified_at),
      added_at: iso(row.created_at),
    }));
  const emails = await exported('email');
  const phones = await exported('phone');
  return [...emails, ...phones];
}

async function cardsOf(db: Db, secrets: SecretBox, userId: number): Promise<DataExport['cards']> {
  const rows = await db
    .selectFrom('cards')
    .select(['number', 'status', 'activated_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    number: maskDigits(openIdentifier(secrets, row.number)),
    status: row.status,
    activated_at: iso(row.activated_at),
  }));
}

async function consentsOf(db: Db, userId: number): Promise<DataExport['consents']> {
  const rows = await db
    .selectFrom('user_consents')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    granted: row.granted,
    version: row.version,
    language: row.language,
    at: iso(row.created_at),
  }));
}

async function mfaMethodsOf(db: Db, userId: number): Promise<DataExport['mfa_methods']> {
  const rows = await db
    .selectFrom('mfa_methods')
    .select(['method', 'target', 'is_primary', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    kind: row.method,
    target: maskTarget(row.target),
    primary: row.is_primary,
    added_at: iso(row.created_at),
  }));
}

async function passkeysOf(db: Db, userId: number): Promise<DataExport['passkeys']> {
  const rows = await db
    .selectFrom('passkeys')
    .select(['name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    name: row.name,
    added_at: iso(row.created_at),
    last_used_at: iso(row.last_used_at),
  }));
}

async function sessionsOf(db: Db, userId: number): Promise<DataExport['sessions']> {
  const rows = await db
    .selectFrom('sessions')
    .select(['user_agent', 'ip', 'created_at', 'last_seen_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    user_agent: row.user_agent,
    ip: row.ip,
    started_at: iso(row.created_at),
    last_seen_at: iso(row.last_seen_at),
    expires_at: iso(row.expires_at),
  }));
}

async function trustedDevicesOf(db: Db, userId: number): Promise<DataExport['trusted_devices']> {
  const rows = await db
    .selectFrom('trusted_devices')
    .select(['user_agent', 'ip', 'created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    user_agent: row.user_agent,
    ip: row.ip,
    added_at: iso(row.created_at),
    expires_at: iso(row.expires_at),
  }));
}

async function securityEventsOf(db: Db, userId: number): Promise<DataExport['security_events']> {
  const rows = await db
    .selectFrom('audit_events')
    .select(['kind', 'ip', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ kind: row.kind, ip: row.ip, at: iso(row.created_at) }));
}

async function appGrantsOf(db: Db, userId: number): Promise<DataExport['app_grants']> {
  const grants = await listUserGrants(db, userId);
  const clients = await clientNames(db, [...new Set(grants.map((grant) => grant.clientId))]);
  return grants.map((grant) => ({
    client_id: grant.clientId,
    app: clients.get(grant.clientId)?.name ?? grant.clientId,
    scopes: grant.scopes,
  }));
}

/** Messages sent to the account's addresses: channel, subject and status, never the body. */
async function notificationsOf(db: Db, addresses: readonly string[]): Promise<DataExport['notifications']> {
  if (addresses.length === 0) return [];
  const rows = await db
    .selectFrom('outbox')
    .select(['channel', 'recipient', 'subject', 'status', 'created_at'])
    .where('recipient', 'in', addresses)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    status: row.status,
    at: iso(row.created_at),
  }));
}

async function mergesOf(db: Db, userId: number): Promise<DataExport['merges']> {
  const rows = await db
    .selectFrom('fuzzion_flows')
    .select(['step', 'method', 'created_at', 'completed_at'])
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('other_user_id', '=', userId)]))
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    step: row.step,
    method: row.method,
    started_at: iso(row.created_at),
    completed_at: iso(row.completed_at),
  }));
}

/** The whole document, read in one transaction so that its parts agree. */
export async function collectAccountData(
  db: Db,
  secrets: SecretBox,
  userId: number,
  now = new Date(),
): Promise<DataExport> {
  const { edition, profile } = await profileOf(db, secrets, userId);
  const contacts = await contactsOf(db, userId);
  return {
    format: DATA_EXPORT_FORMAT,
    generated_at: now.toISOString(),
    edition,
    profile,
    contacts,
    cards: await cardsOf(db, secrets, userId),
    consents: await consentsOf(db, userId),
    mfa_methods: await mfaMethodsOf(db, userId),
    passkeys: await passkeysOf(db, userId),
    sessions: await sessionsOf(db, userId),
    trusted_devices: await trustedDevicesOf(db, userId),
    security_events: await securityEventsOf(db, userId),
    app_grants: await appGrantsOf(db, userId),
    notifications: await notificationsOf(
      db,
      contacts.map((contact) => contact.value),
    ),
    merges: await mergesOf(db, userId),
  };
}
