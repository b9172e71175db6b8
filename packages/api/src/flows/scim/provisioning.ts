import { randomUUID } from 'node:crypto';
import { EDITIONS, type EditionId, localeFor } from '@vestibule/contract/editions';
import { emailSchema } from '@vestibule/contract/username';
import type { FastifyRequest } from 'fastify';
import { endEverythingOfUser } from '../../account/sessions';
import { type AuditKind, audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { createInvitation } from '../onboarding/index';
import { scimError } from './errors';
import type { ScimUserInput } from './resource';
import type { ScimCaller } from './tokens';
import { findClash, findScimUser, type ScimUserRow } from './users.queries';

// What SCIM changes do to invitations and accounts (decision 0078). Each function runs in the
// caller's transaction and writes its audit rows there; the webhook trigger of migration 0025
// turns account.locked, session.revoked_all, account.unlocked and account.deleted into events.

/** What a request changed that must be finished once its transaction commits. */
export interface Aftermath {
  sessionsEnded: boolean;
}

interface Scope {
  trx: Db;
  request: FastifyRequest;
  caller: ScimCaller;
  aftermath: Aftermath;
}

/** The values we keep, read from a User resource (scimmy has checked types and required attributes). */
interface Person {
  userName: string;
  externalId: string | null;
  email: string;
  givenName: string | null;
  familyName: string | null;
  language: string | null;
  active: boolean;
}

const LIMIT = 200;

function text(value: string | undefined, name: string): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (trimmed.length > LIMIT)
    throw scimError(400, 'invalidValue', `${name} is longer than ${LIMIT} characters`);
  return trimmed;
}

/** The scim_users columns a record's person and its pending invitation fill. */
function recordColumns(person: Person, invitationId: number | null) {
  return {
    user_name: person.userName,
    external_id: person.externalId,
    email: person.email,
    given_name: person.givenName,
    family_name: person.familyName,
    language: person.language,
    active: person.active,
    invitation_id: invitationId,
  };
}

/**
 * The person of a User resource. The invitation goes to the primary (else the first work, else the
 * first) e-mail, or to userName when it is an address.
 */
function personOf(input: ScimUserInput, edition: string, current?: ScimUserRow): Person {
  const userName = text(input.userName, 'userName');
  if (!userName) throw scimError(400, 'invalidValue', 'userName is required');
  const emails = (input.emails ?? []).filter((email) => email !== null && typeof email === 'object');
  const chosen =
    emails.find((email) => email.primary) ?? emails.find((email) => email.type === 'work') ?? emails[0];
  const candidate = chosen?.value ?? (emails.length ? undefined : (current?.email ?? userName));
  const email = emailSchema.safeParse(candidate ?? '');
  if (!email.success)
    throw scimError(
      400,
      'invalidValue',
      'An e-mail address is needed (emails[].value, or a userName that is one)',
    );
  const language = input.preferredLanguage
    ? localeFor(EDITIONS[edition as EditionId], input.preferredLanguage.replace('-', '_'))
    : undefined;
  return {
    userName,
    externalId: text(input.externalId, 'externalId'),
    email: email.data,
    givenName: text(input.name?.givenName, 'name.givenName'),
    familyName: text(input.name?.familyName, 'name.familyName'),
    language: language ?? current?.language ?? null,
    active: input.active ?? current?.active ?? true,
  };
}

async function event(
  scope: Scope,
  kind: AuditKind,
  userId: number | null,
  detail: Record<string, unknown> = {},
) {
  await audit(
    scope.trx,
    {
      kind,
      userId,
      edition: scope.caller.edition,
      detail: { ...detail, by: 'scim', company_id: scope.caller.companyId, token_id: scope.caller.tokenId },
    },
    scope.request,
  );
}

async function refuseClash(scope: Scope, person: Person, exceptId?: string) {
  const clash = await findClash(scope.trx, scope.caller.companyId, person, exceptId);
  if (clash) throw scimError(409, 'uniqueness', `Another User of this company has this ${clash}`);
}

/** A write the unique indexes refused (two requests racing past `refuseClash`) is a 409 too. */
async function unlessTaken<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505')
      throw scimError(409, 'uniqueness', 'Another User of this company has this userName or externalId');
    throw error;
  }
}

/** Sends the person an invitation to their company and edition (the onboarding flow's own). */
async function invite(scope: Scope, person: Person): Promise<number> {
  const { config, secrets } = scope.request.server.ctx;
  const edition = scope.caller.edition as EditionId;
  const invitation = await createInvitation(scope.trx, secrets, {
    edition,
    email: person.email,
    company: scope.caller.companyName,
    firstname: person.givenName,
    lastname: person.familyName,
    language: person.language ?? undefined,
    linkBase: config.publicUrls[edition],
  });
  await event(scope, 'invitation.created', null, { invitation_id: invitation.id });
  return invitation.id;
}

/** A pending invitation can no longer be accepted: expired, its unfinished sign-ups ended. */
async function withdrawInvitation(scope: Scope, invitationId: number | null) {
  if (invitationId === null) return;
  await scope.trx
    .updateTable('invitations')
    .set({ expires_at: new Date() })
    .where('id', '=', invitationId)
    .where('used_at', 'is', null)
    .execute();
  await scope.trx
    .deleteFrom('onboarding_flows')
    .where('invitation_id', '=', invitationId)
    .where('completed_at', 'is', null)
    .execute();
}

/** Suspends the account: locked (unless it already was), every session, device and code ended. */
async function suspendAccount(scope: Scope, row: ScimUserRow): Promise<boolean> {
  const accountId = row.account_id as number;
  const locked = await scope.trx
    .updateTable('users')
    .set({ locked_at: new Date() })
    .where('id', '=', accountId)
    .where('locked_at', 'is', null)
    .executeTakeFirst();
  const lockedNow = Number(locked.numUpdatedRows) === 1;
  if (lockedNow)
    await event(scope, 'account.locked', accountId, { reason: 'scim_deactivated', scim_id: row.id });
  const ended = await endEverythingOfUser(scope.trx, accountId);
  await event(scope, 'session.revoked_all', accountId, {
    reason: 'scim_deactivated',
    sessions_ended: ended.sessions,
  });
  scope.aftermath.sessionsEnded = true;
  return lockedNow;
}

/** Lifts the lock a deactivation set; a lock support or the invitee set stays. */
async function restoreAccount(scope: Scope, row: ScimUserRow) {
  if (!row.locked_account || row.account_id === null) return;
  await scope.trx.updateTable('users').set({ locked_at: null }).where('id', '=', row.account_id).execute();
  await event(scope, 'account.unlocked', row.account_id, { reason: 'scim_reactivated', scim_id: row.id });
}

/** POST /Users: the company's record of the person and, when active, their invitation. */
export async function provision(scope: Scope, input: ScimUserInput): Promise<ScimUserRow> {
  const person = personOf(input, scope.caller.edition);
  await refuseClash(scope, person);
  const id = randomUUID();
  const invitationId = person.active ? await invite(scope, person) : null;
  await unlessTaken(
    scope.trx
      .insertInto('scim_users')
      .values({
        id,
        company_id: scope.caller.companyId,
        edition: scope.caller.edition,
        ...recordColumns(person, invitationId),
      })
      .execute(),
  );
  await event(scope, 'scim.user_created', null, { scim_id: id, invitation_id: invitationId });
  return (await findScimUser(scope.trx, scope.caller.companyId, id)) as ScimUserRow;
}

/** PUT and PATCH: the new state of the record, and what its `active` and e-mail mean. */
export async function update(scope: Scope, current: ScimUserRow, input: ScimUserInput): Promise<ScimUserRow> {
  const person = personOf(input, scope.caller.edition, current);
  await refuseClash(scope, person, current.id);
  const pending = current.account_id === null;
  let invitationId = current.invitation_id;
  let lockedAccount = current.locked_account;
  const changed = (
    [
      ['userName', current.user_name, person.userName],
      ['externalId', current.external_id, person.externalId],
      ['emails', current.email, person.email],
      ['name', `${current.given_name}|${current.family_name}`, `${person.givenName}|${person.familyName}`],
      ['preferredLanguage', current.language, person.language],
      ['active', current.active, person.active],
    ] as const
  ).flatMap(([name, before, after]) => (before === after ? [] : [name]));
  if (!changed.length) return current;

  if (pending && (current.email !== person.email || !person.active)) {
    // A pending invitation follows the record: a new address or a deactivation withdraws it.
    await withdrawInvitation(scope, invitationId);
    invitationId = null;
  }
  if (pending && person.active && invitationId === null) invitationId = await invite(scope, person);
  if (!pending && current.active && !person.active)
    lockedAccount = (await suspendAccount(scope, current)) || lockedAccount;
  if (!pending && !current.active && person.active) {
    await restoreAccount(scope, current);
    lockedAccount = false;
  }
  await unlessTaken(
    scope.trx
      .updateTable('scim_users')
      .set({
        ...recordColumns(person, invitationId),
        locked_account: lockedAccount,
        version: current.version + 1,
        updated_at: new Date(),
      })
      .where('id', '=', current.id)
      .execute(),
  );
  await event(scope, 'scim.user_updated', current.account_id, { scim_id: current.id, fields: changed });
  return (await findScimUser(scope.trx, scope.caller.companyId, current.id)) as ScimUserRow;
}

/**
 * Whether the account exists only by the company's invitation: no card, no employee-area id, no
 * other company's invitation. Such an account goes with the record; any other is the person's own.
 */
async function onlyByInvitation(trx: Db, accountId: number, invitationId: number): Promise<boolean> {
  const [user, card, other] = await Promise.all([
    trx
      .selectFrom('users')
      .select(['user_id', 'fridom_user_id'])
      .where('id', '=', accountId)
      .executeTakeFirst(),
    trx.selectFrom('cards').select('id').where('user_id', '=', accountId).executeTakeFirst(),
    trx
      .selectFrom('invitations')
      .select('id')
      .where('user_id', '=', accountId)
      .where('id', '<>', invitationId)
      .executeTakeFirst(),
  ]);
  return Boolean(user) && user?.user_id === null && user?.fridom_user_id === null && !card && !other;
}

/**
 * DELETE: the person leaves the company. A pending invitation is withdrawn; an account the
 * invitation alone created is deleted; the person's own account (a card holder's) stays, its
 * sessions ended and any lock SCIM set lifted (decision 0078).
 */
export async function deprovision(scope: Scope, current: ScimUserRow): Promise<void> {
  let outcome: 'invitation_withdrawn' | 'account_deleted' | 'account_kept' = 'invitation_withdrawn';
  const accountId = current.account_id;
  if (accountId === null) await withdrawInvitation(scope, current.invitation_id);
  else if (await onlyByInvitation(scope.trx, accountId, current.invitation_id as number)) {
    outcome = 'account_deleted';
    const ended = await endEverythingOfUser(scope.trx, accountId);
    await event(scope, 'session.revoked_all', accountId, {
      reason: 'scim_deprovisioned',
      sessions_ended: ended.sessions,
    });
    await event(scope, 'account.deleted', accountId, { reason: 'scim_deprovisioned', account_id: accountId });
    await scope.trx.deleteFrom('users').where('id', '=', accountId).execute();
    scope.aftermath.sessionsEnded = true;
  } else {
    outcome = 'account_kept';
    const ended = await endEverythingOfUser(scope.trx, accountId);
    await event(scope, 'session.revoked_all', accountId, {
      reason: 'scim_deprovisioned',
      sessions_ended: ended.sessions,
    });
    scope.aftermath.sessionsEnded = true;
    await restoreAccount(scope, current);
  }
  await scope.trx.deleteFrom('scim_users').where('id', '=', current.id).execute();
  await event(scope, 'scim.user_deprovisioned', outcome === 'account_deleted' ? null : accountId, {
    scim_id: current.id,
    outcome,
  });
}
