import { parseCardNumber } from '@vestibule/contract/card-number';
import { EDITIONS, type EditionId } from '@vestibule/contract/editions';
import { parseNationalRegisterNumber } from '@vestibule/contract/national-register-number';
import { toE164 } from '@vestibule/contract/phone';
import {
  ACCOUNTS_PAGE_SIZE,
  type AccountHit,
  type AdminAccount,
  accountIdParamsSchema,
  accountSearchQuerySchema,
  accountSearchResponseSchema,
  adminAccountSchema,
  type RevealResponse,
  revealRequestSchema,
  revealResponseSchema,
  SEARCH_MIN_LENGTH,
} from '@vestibule/contract/schemas/admin';
import type { FastifyRequest } from 'fastify';
import { listUserGrants } from '../account/grants';
import { describeUserAgent } from '../account/user-agent';
import { clientNames } from '../flows/oauth/index';
import { ApiError } from '../http/api-error';
import { enforceLimit } from '../http/enforce-limit';
import { openIdentifier } from '../security/sealed-identifiers';
import {
  accountCards,
  accountContacts,
  accountFactors,
  accountInvitations,
  accountMerges,
  accountProfile,
  accountSessions,
  accountTimeline,
  latestMfaReset,
} from './account-page.queries';
import {
  type AccountHitRow,
  accountsByCard,
  accountsByEmail,
  accountsByName,
  accountsByNationalNumber,
  accountsByPhone,
} from './account-search.queries';
import { ADMIN_SEARCHES_PER_ACTOR } from './admin.rate-limits';
import { defineAdminRoute } from './admin-route';
import { type AdminActor, requireEdition } from './guard';
import { maskCard, maskContact, maskDate, maskIban, maskNationalNumber } from './mask';
import { requireReason, staffAudit } from './staff-audit';

const fullName = (row: { firstname: string | null; lastname: string | null }) =>
  [row.firstname, row.lastname].filter(Boolean).join(' ');

function hit(row: AccountHitRow): AccountHit {
  return {
    id: row.id,
    edition: row.edition as EditionId,
    name: fullName(row),
    email: row.email ? maskContact(row.email) : null,
    phone: row.phone ? maskContact(row.phone) : null,
    locked: row.locked,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

const encodeNameCursor = (name: string, id: number) =>
  Buffer.from(JSON.stringify([name, id])).toString('base64url');

function decodeNameCursor(cursor: string | undefined): { name: string; id: number } | undefined {
  if (!cursor) return undefined;
  try {
    const [name, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof name === 'string' && Number.isInteger(id)) return { name, id: id as number };
  } catch {
    // Not one of ours: refused below.
  }
  throw new ApiError('validation_failed', { fields: { cursor: 'invalid' } });
}

/** The rows of a search: exact kinds answer one page; a name answers pages by keyset. */
async function search(request: FastifyRequest, actor: AdminActor, by: string, q: string, cursor?: string) {
  const { db, secrets } = request.server.ctx;
  const editions = actor.editions;
  const invalid = () => new ApiError('validation_failed', { fields: { q: 'invalid' } });
  switch (by) {
    case 'email':
      if (!q.includes('@')) throw invalid();
      return { rows: await accountsByEmail(db, editions, q), next: null };
    case 'phone': {
      const numbers = editions.flatMap((edition) => {
        const e164 = toE164(q, EDITIONS[edition].phoneRegion);
        return e164 ? [{ edition, e164 }] : [];
      });
      if (!numbers.length) throw invalid();
      return { rows: await accountsByPhone(db, numbers), next: null };
    }
    case 'card': {
      const pan = parseCardNumber(q);
      if (!pan) throw invalid();
      return { rows: await accountsByCard(db, secrets, editions, pan), next: null };
    }
    case 'nrn': {
      const numbers = editions.flatMap((edition) => {
        const digits = parseNationalRegisterNumber(q, EDITIONS[edition].nationalNumberFormat);
        return digits ? [{ edition, digits }] : [];
      });
      if (!numbers.length) throw invalid();
      return { rows: await accountsByNationalNumber(db, secrets, numbers), next: null };
    }
    default: {
      const rows = await accountsByName(db, editions, q, ACCOUNTS_PAGE_SIZE + 1, decodeNameCursor(cursor));
      const page = rows.slice(0, ACCOUNTS_PAGE_SIZE);
      const last = page.at(-1);
      const next =
        rows.length > ACCOUNTS_PAGE_SIZE && last?.searchName != null
          ? encodeNameCursor(last.searchName, last.id)
          : null;
      return { rows: page, next };
    }
  }
}

/**
 * GET /api/admin/accounts?by=&q=: find an account by e-mail, phone, card number, national register
 * number (exact) or name (prefix, accents and case ignored); hits masked; the search is audited
 * (its kind and how many it found, never what was typed).
 */
const searchAccounts = defineAdminRoute({
  method: 'GET',
  url: '/accounts',
  summary: 'Find accounts by e-mail, phone, card number, national register number or name',
  capability: 'accounts.read',
  query: accountSearchQuerySchema,
  response: accountSearchResponseSchema,
  handler: async function searchAccounts({ query, actor, request, db }) {
    // At least three characters: a shorter prefix would list a good part of the customers.
    if (query.q.length < SEARCH_MIN_LENGTH)
      throw new ApiError('search_too_short', { fields: { q: 'search_too_short' } });
    await enforceLimit(request, ADMIN_SEARCHES_PER_ACTOR, actor.ref);
    const found = await search(request, actor, query.by, query.q, query.cursor);
    await staffAudit(
      db,
      actor,
      {
        kind: 'staff.accounts_searched',
        userId: null,
        edition: actor.editions.length === 1 ? (actor.editions[0] as string) : request.edition.id,
        detail: { by: query.by, found: found.rows.length, page: query.cursor ? 'next' : 'first' },
      },
      request,
    );
    return { data: found.rows.map(hit), next_cursor: found.next };
  },
});

/** The account of a path, or 404 when it does not exist or is outside the caller's editions. */
export async function accountInScope(request: FastifyRequest, actor: AdminActor, userId: number) {
  const profile = await accountProfile(request.server.ctx.db, userId);
  if (!profile) throw new ApiError('not_found');
  requireEdition(actor, profile.edition);
  return profile;
}

/**
 * GET /api/admin/accounts/:id: profile, contacts, cards, factors, sessions, timeline, grants,
 * invitations, merges and the newest MFA reset, personal fields masked. The read is audited.
 */
const getAccount = defineAdminRoute({
  method: 'GET',
  url: '/accounts/:id',
  summary: 'An account as support sees it, personal fields masked',
  capability: 'accounts.read',
  params: accountIdParamsSchema,
  response: adminAccountSchema,
  handler: async function getAccount({ params, actor, request, db, secrets }): Promise<AdminAccount> {
    const profile = await accountInScope(request, actor, params.id);
    const [contacts, cards, factors, sessions, timeline, grants, invitations, merges, reset] =
      await Promise.all([
        accountContacts(db, profile.id),
        accountCards(db, profile.id),
        accountFactors(db, profile.id),
        accountSessions(db, profile.id),
        accountTimeline(db, profile.id),
        listUserGrants(db, profile.id),
        accountInvitations(db, profile.id, profile.edition),
        accountMerges(db, profile.id),
        latestMfaReset(db, profile.id),
      ]);
    const names = await clientNames(
      db,
      grants.map((grant) => grant.clientId),
    );
    await staffAudit(
      db,
      actor,
      { kind: 'staff.account_viewed', userId: profile.id, edition: profile.edition },
      request,
    );
    const nrn = openIdentifier(secrets, profile.national_register_number);
    const iban = openIdentifier(secrets, profile.iban);
    const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());
    return {
      id: profile.id,
      edition: profile.edition as EditionId,
      profile: {
        firstname: profile.firstname,
        lastname: profile.lastname,
        language: profile.language,
        birthdate: profile.birthdate ? maskDate(profile.birthdate) : null,
        national_register_number: nrn ? maskNationalNumber(nrn) : null,
        iban: iban ? maskIban(iban) : null,
        user_id: profile.user_id,
        customer_user_id: profile.customer_user_id,
        created_at: new Date(profile.created_at).toISOString(),
        locked_at: iso(profile.locked_at),
        mfa_forced: profile.mfa_forced,
        mfa_customer: profile.mfa_customer,
        password_changed_at: iso(profile.last_password_change),
      },
      contacts: contacts.map((contact) => ({
        id: contact.id,
        kind: contact.kind,
        value: maskContact(contact.value),
        primary: contact.primary,
        verified: contact.verified_at !== null,
      })),
      cards: cards.map((card) => ({
        id: card.id,
        number: maskCard(openIdentifier(secrets, card.number)),
        status: card.status,
        company: card.company,
      })),
      mfa: [
        ...factors.methods.map((method) => ({
          kind: method.method,
          target: method.target ? maskContact(method.target) : null,
          primary: method.is_primary,
          created_at: new Date(method.created_at).toISOString(),
          last_used_at: iso(factors.lastUse.get(method.method) ?? null),
        })),
        ...factors.passkeys.map((passkey) => ({
          kind: 'passkey' as const,
          target: passkey.name,
          primary: false,
          created_at: new Date(passkey.created_at).toISOString(),
          last_used_at: iso(passkey.last_used_at),
        })),
      ],
      recovery_keys_left: factors.recoveryKeysLeft,
      sessions: sessions.map((session) => {
        const device = describeUserAgent(session.user_agent);
        return {
          id: session.id,
          device: [device.browser, device.os].filter(Boolean).join(' · ') || null,
          ip: session.ip,
          created_at: new Date(session.created_at).toISOString(),
          last_seen_at: new Date(session.last_seen_at).toISOString(),
        };
      }),
      timeline: timeline.map((row) => ({
        id: row.id,
        kind: row.kind,
        created_at: new Date(row.created_at).toISOString(),
        ip: row.ip,
        actor: row.actor,
        reason: typeof row.detail.reason === 'string' ? row.detail.reason : null,
      })),
      grants: grants.map((grant) => ({
        client_id: grant.clientId,
        name: names.get(grant.clientId)?.name ?? grant.clientId,
        scopes: grant.scopes,
      })),
      invitations: invitations.map((invitation) => ({
        id: invitation.id,
        email: maskContact(invitation.email),
        company: invitation.company,
        created_at: new Date(invitation.created_at).toISOString(),
        expires_at: new Date(invitation.expires_at).toISOString(),
        used_at: iso(invitation.used_at),
      })),
      merges: merges.map((merge) => {
        const other = merge.detail.from ?? merge.detail.into;
        return {
          kind: merge.kind,
          created_at: new Date(merge.created_at).toISOString(),
          other_account: typeof other === 'number' ? other : null,
        };
      }),
      mfa_reset: reset
        ? { id: reset.id, status: reset.status, created_at: new Date(reset.created_at).toISOString() }
        : null,
    };
  },
});

/**
 * POST /api/admin/accounts/:id/reveal {field, reason, ticket}: one personal field in clear, for a
 * reason; the reveal is audited (who, which field, why).
 */
const reveal = defineAdminRoute({
  method: 'POST',
  url: '/accounts/:id/reveal',
  summary: 'Reveal a masked personal field of an account, for a reason (audited)',
  capability: 'accounts.read',
  params: accountIdParamsSchema,
  body: revealRequestSchema,
  response: revealResponseSchema,
  handler: async function reveal({ params, body, actor, request, db, secrets }): Promise<RevealResponse> {
    const why = requireReason(body);
    const profile = await accountInScope(request, actor, params.id);
    const values: RevealResponse['values'] = [];
    if (body.field === 'contacts')
      for (const contact of await accountContacts(db, profile.id))
        values.push({ label: contact.kind, value: contact.value });
    if (body.field === 'birthdate' && profile.birthdate)
      values.push({ label: 'birthdate', value: profile.birthdate });
    if (body.field === 'national_register_number' && profile.national_register_number)
      values.push({
        label: 'national_register_number',
        value: openIdentifier(secrets, profile.national_register_number),
      });
    if (body.field === 'iban' && profile.iban)
      values.push({ label: 'iban', value: openIdentifier(secrets, profile.iban) });
    if (body.field === 'cards')
      for (const card of await accountCards(db, profile.id))
        values.push({ label: card.company ?? 'card', value: openIdentifier(secrets, card.number) });
    await staffAudit(
      db,
      actor,
      {
        kind: 'staff.field_revealed',
        userId: profile.id,
        edition: profile.edition,
        ...why,
        detail: { field: body.field },
      },
      request,
    );
    return { field: body.field, values };
  },
});

export const adminAccountRoutes = [searchAccounts, getAccount, reveal];
