import {
  accessResponseSchema,
  adoptionResponseSchema,
  companyInvitationsQuerySchema,
  companyInvitationsResponseSchema,
  companyPeopleQuerySchema,
  companyPeopleResponseSchema,
  csvInviteRequestSchema,
  inviteRequestSchema,
  inviteResponseSchema,
  mfaPolicyRequestSchema,
  mfaPolicySchema,
  personParamsSchema,
  suspendRequestSchema,
} from '@vestibule/contract/schemas/company-admin';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database';
import {
  type AccessChange,
  adoption,
  type CompanyActor,
  type CompanyScope,
  companyScope,
  invitationPage,
  inviteAll,
  parseInviteCsv,
  peoplePage,
  readPolicy,
  restoreAccess,
  revokeInvitation,
  setPolicy,
  suspendAccess,
} from '../flows/company-admin/index';
import { ApiError } from '../http/api-error';
import { defineAdminRoute } from './admin-route';
import { type AdminActor, requireCompany, requireStaffStepUp } from './guard';
import { staffAudit } from './staff-audit';

// The company admin's part of the admin API (decision 0077), under /api/admin/companies/:companyId.
// A company the caller does not administer answers 404, like one that does not exist.

const companyParams = z.object({ companyId: z.coerce.number().int().positive().max(2_147_483_647) });
const personParams = companyParams.extend(personParamsSchema.shape);
const invitationParams = companyParams.extend({
  invitationId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The company of the URL, when the caller administers it. */
async function scopeOf(request: FastifyRequest, actor: AdminActor, companyId: number): Promise<CompanyScope> {
  const scope = await companyScope(request.server.ctx.db, companyId);
  requireCompany(actor, { id: scope.companyId, edition: scope.edition });
  return scope;
}

/**
 * A change to a company, by staff who stepped up: the company in the actor's scope, then the
 * step-up and the change in one transaction.
 */
async function companyChange<T>(
  request: FastifyRequest,
  actor: AdminActor,
  companyId: number,
  change: (trx: Db, scope: CompanyScope) => Promise<T>,
): Promise<T> {
  const scope = await scopeOf(request, actor, companyId);
  return request.server.ctx.db.transaction().execute(async (trx) => {
    await requireStaffStepUp(trx, actor);
    return change(trx, scope);
  });
}

/**
 * A page of a company's list, read by staff in the actor's scope and audited in the same
 * transaction: which list, how many rows, and `detail` besides.
 */
async function auditedPage<P extends { data: unknown[] }>(
  request: FastifyRequest,
  actor: AdminActor,
  companyId: number,
  kind: 'company.people_listed' | 'company.invitations_listed',
  read: (trx: Db, scope: CompanyScope) => Promise<P>,
  detail: Record<string, unknown> = {},
): Promise<P> {
  const scope = await scopeOf(request, actor, companyId);
  return request.server.ctx.db.transaction().execute(async (trx) => {
    const page = await read(trx, scope);
    await staffAudit(
      trx,
      actor,
      {
        kind,
        userId: null,
        edition: scope.edition,
        detail: { company_id: scope.companyId, count: page.data.length, ...detail },
      },
      request,
    );
    return page;
  });
}

const actorOf = (actor: AdminActor): CompanyActor => ({ ref: actor.ref, role: actor.role, name: actor.name });

const linkBase = (request: FastifyRequest, scope: CompanyScope) =>
  request.server.ctx.config.publicUrls[scope.edition];

const people = defineAdminRoute({
  method: 'GET',
  url: '/companies/:companyId/people',
  summary: "A company's people: access, MFA, filters, keyset pages",
  capability: 'companies',
  params: companyParams,
  query: companyPeopleQuerySchema,
  response: companyPeopleResponseSchema,
  handler: async function people({ params, query, actor, request }) {
    return auditedPage(
      request,
      actor,
      params.companyId,
      'company.people_listed',
      (trx, scope) => peoplePage(trx, scope, query),
      { filtered: Boolean(query.q) },
    );
  },
});

const invitations = defineAdminRoute({
  method: 'GET',
  url: '/companies/:companyId/invitations',
  summary: "A company's invitations, newest first",
  capability: 'companies',
  params: companyParams,
  query: companyInvitationsQuerySchema,
  response: companyInvitationsResponseSchema,
  handler: async function invitations({ params, query, actor, request }) {
    return auditedPage(request, actor, params.companyId, 'company.invitations_listed', (trx, scope) =>
      invitationPage(trx, scope, query),
    );
  },
});

const inviteOne = defineAdminRoute({
  method: 'POST',
  url: '/companies/:companyId/invitations',
  summary: 'Invite one person to a company (the invitation e-mail goes out through the outbox)',
  capability: 'companies',
  params: companyParams,
  body: inviteRequestSchema,
  response: inviteResponseSchema,
  status: 201,
  handler: async function inviteOne({ params, body, actor, request, secrets }) {
    return companyChange(request, actor, params.companyId, async (trx, scope) => {
      // One person is a file of one row: the same checks, the conflict answered as its own code.
      const row = {
        row: 1,
        email: body.email,
        firstname: body.firstname || null,
        lastname: body.lastname || null,
        language: body.language ?? null,
      };
      try {
        return await inviteAll(
          trx,
          scope,
          { secrets, linkBase: linkBase(request, scope), actor: actorOf(actor) },
          [row],
        );
      } catch (error) {
        const rows = (error as { options?: { extra?: { rows?: { code: string }[] } } }).options?.extra?.rows;
        const code = rows?.[0]?.code;
        if (code === 'already_member' || code === 'already_invited')
          throw new ApiError(code, { fields: { email: code } });
        if (code === 'invalid_language')
          throw new ApiError('validation_failed', { fields: { language: code } });
        throw error;
      }
    });
  },
});

const inviteCsv = defineAdminRoute({
  method: 'POST',
  url: '/companies/:companyId/invitations/csv',
  summary: 'Invite everyone of a CSV file to a company, or nobody (422 names each bad row)',
  capability: 'companies',
  params: companyParams,
  body: csvInviteRequestSchema,
  response: inviteResponseSchema,
  status: 201,
  handler: async function inviteCsv({ params, body, actor, request, db, secrets }) {
    const scope = await scopeOf(request, actor, params.companyId);
    const parsed = parseInviteCsv(Buffer.from(body.csv_base64, 'base64').toString('utf8'));
    return db.transaction().execute(async (trx) => {
      await requireStaffStepUp(trx, actor);
      return inviteAll(
        trx,
        scope,
        { secrets, linkBase: linkBase(request, scope), actor: actorOf(actor) },
        parsed.rows,
        parsed.errors,
      );
    });
  },
});

const revoke = defineAdminRoute({
  method: 'POST',
  url: '/companies/:companyId/invitations/:invitationId/revoke',
  summary: "Revoke a company's waiting invitation: its code stops working",
  capability: 'companies',
  params: invitationParams,
  status: 204,
  handler: async function revoke({ params, actor, request }) {
    await companyChange(request, actor, params.companyId, (trx, scope) =>
      revokeInvitation(trx, scope, actorOf(actor), params.invitationId),
    );
  },
});

/** Suspend or restore a person's access: the same request, checks and answer, another change. */
function accessRoute<T extends { status: 'suspended' | 'active'; sessions_ended: number }>(
  action: 'suspend' | 'restore',
  summary: string,
  change: (trx: Db, request: FastifyRequest, change: AccessChange) => Promise<T>,
) {
  return defineAdminRoute({
    method: 'POST',
    url: `/companies/:companyId/people/:id/${action}`,
    summary,
    capability: 'companies',
    params: personParams,
    body: suspendRequestSchema,
    response: accessResponseSchema,
    handler: async function changeAccess({ params, body, actor, request }) {
      return companyChange(request, actor, params.companyId, (trx, scope) =>
        change(trx, request, {
          scope,
          actor: actorOf(actor),
          userId: params.id,
          reason: body.reason,
          ticket: body.ticket,
        }),
      );
    },
  });
}

const suspend = accessRoute(
  'suspend',
  "Suspend a person's access: lock the account and end its sessions, with a reason",
  suspendAccess,
);
const restore = accessRoute('restore', "Restore a person's access the company suspended", restoreAccess);

/** A read of a company's figures (aggregates, no personal data): the company in the actor's scope. */
function companyRead(
  path: string,
  summary: string,
  response: z.ZodType,
  read: (db: Db, scope: CompanyScope) => Promise<unknown>,
) {
  return defineAdminRoute({
    method: 'GET',
    url: `/companies/:companyId/${path}`,
    summary,
    capability: 'companies',
    params: companyParams,
    response,
    handler: async function companyRead({ params, actor, request, db }) {
      return read(db, await scopeOf(request, actor, params.companyId));
    },
  });
}

const mfaAdoption = companyRead(
  'mfa-adoption',
  "A company's MFA adoption over 30 days, by method (aggregates, no personal data)",
  adoptionResponseSchema,
  adoption,
);
const policy = companyRead(
  'mfa-policy',
  "A company's MFA policy (none, recommended or required) and how many people it covers",
  mfaPolicySchema,
  readPolicy,
);

const updatePolicy = defineAdminRoute({
  method: 'PUT',
  url: '/companies/:companyId/mfa-policy',
  summary: "Set a company's MFA policy: every member's mfa_forced / mfa_customer follows it",
  capability: 'companies',
  params: companyParams,
  body: mfaPolicyRequestSchema,
  response: mfaPolicySchema,
  handler: async function updatePolicy({ params, body, actor, request }) {
    return companyChange(request, actor, params.companyId, (trx, scope) =>
      setPolicy(trx, request, scope, actorOf(actor), body.policy),
    );
  },
});

export const companyAdminRoutes = [
  people,
  invitations,
  inviteOne,
  inviteCsv,
  revoke,
  suspend,
  restore,
  mfaAdoption,
  policy,
  updatePolicy,
];
