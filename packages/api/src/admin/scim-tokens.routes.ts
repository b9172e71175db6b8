import type { EditionId } from '@vestibule/contract/editions';
import type { StaffReason } from '@vestibule/contract/schemas/admin';
import {
  createScimTokenRequestSchema,
  revokeScimTokenRequestSchema,
  scimCompanyParamsSchema,
  scimTokenCreatedSchema,
  scimTokenParamsSchema,
  scimTokensResponseSchema,
} from '@vestibule/contract/schemas/admin-integration';
import type { FastifyRequest } from 'fastify';
import { insertScimToken, listScimTokens, markScimTokenRevoked, SCIM_BASE_PATH } from '../flows/scim/index';
import { ApiError } from '../http/api-error';
import { enforceLimit } from '../http/enforce-limit';
import { publicOrigin } from '../http/public-origin';
import { ADMIN_SCIM_TOKENS_PER_ACTOR } from './admin.rate-limits';
import { defineAdminRoute } from './admin-route';
import { type AdminActor, requireEdition } from './guard';
import { requireReason } from './staff-audit';
import { operatorAudit, staffChange } from './staff-change';

// A company's SCIM tokens (decision 0078) through the admin API: the CLI's `scim tokens …` for the
// console and machine clients with admin:operations. A token's secret is answered once, at its
// creation; lists, logs and audit rows name tokens by id. The operator's companies are GET /api/admin/companies.

/** The company, if the operator works in its edition; else 404 as for a company that does not exist. */
async function companyOf(request: FastifyRequest, actor: AdminActor, companyId: number) {
  const company = await request.server.ctx.db
    .selectFrom('companies')
    .select(['id', 'name', 'edition'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) throw new ApiError('not_found');
  requireEdition(actor, company.edition);
  return { ...company, edition: company.edition as EditionId };
}

/** A token change: the company in the operator's editions, a reason, within the operator's budget. */
async function tokenChange(request: FastifyRequest, actor: AdminActor, companyId: number, body: StaffReason) {
  const company = await companyOf(request, actor, companyId);
  const why = requireReason(body);
  await enforceLimit(request, ADMIN_SCIM_TOKENS_PER_ACTOR, actor.ref);
  return { company, why };
}

/** Where the company's HR system sends its requests: its edition's public origin. */
const scimBaseUrl = (request: FastifyRequest, edition: EditionId) =>
  `${publicOrigin(request.server.ctx.config, edition)}${SCIM_BASE_PATH}`;

const list = defineAdminRoute({
  method: 'GET',
  url: '/scim/companies/:companyId/tokens',
  summary: "A company's SCIM tokens, newest first, revoked ones included; never a secret",
  capability: 'operations',
  params: scimCompanyParamsSchema,
  response: scimTokensResponseSchema,
  handler: async function list({ params, actor, request, db }) {
    const company = await companyOf(request, actor, params.companyId);
    const tokens = await listScimTokens(db, company.id);
    return {
      data: tokens.map((token) => ({
        id: token.id,
        label: token.label,
        created_by: token.createdBy,
        created_at: new Date(token.createdAt).toISOString(),
        last_used_at: token.lastUsedAt ? new Date(token.lastUsedAt).toISOString() : null,
        revoked_at: token.revokedAt ? new Date(token.revokedAt).toISOString() : null,
      })),
      scim_base_url: scimBaseUrl(request, company.edition),
    };
  },
});

const create = defineAdminRoute({
  method: 'POST',
  url: '/scim/companies/:companyId/tokens',
  summary: 'A new SCIM token for a company; answers its secret, once, and the SCIM base URL',
  capability: 'operations',
  params: scimCompanyParamsSchema,
  body: createScimTokenRequestSchema,
  response: scimTokenCreatedSchema,
  status: 201,
  handler: async function create({ params, body, actor, request }) {
    const { company, why } = await tokenChange(request, actor, params.companyId, body);
    const created = await staffChange(request, actor, {
      apply: (trx) =>
        insertScimToken(trx, { companyId: company.id, label: body.label, createdBy: actor.name }),
      audit: ({ id }) =>
        operatorAudit('scim.token_created', company.edition, { company_id: company.id, token_id: id }, why),
    });
    return { id: created.id, token: created.token, scim_base_url: scimBaseUrl(request, company.edition) };
  },
});

const revoke = defineAdminRoute({
  method: 'POST',
  url: '/scim/companies/:companyId/tokens/:tokenId/revoke',
  summary: "Revoke a company's SCIM token at once: its next request answers 401",
  capability: 'operations',
  params: scimTokenParamsSchema,
  body: revokeScimTokenRequestSchema,
  status: 204,
  handler: async function revoke({ params, body, actor, request }) {
    const { company, why } = await tokenChange(request, actor, params.companyId, body);
    await staffChange(request, actor, {
      apply: async (trx) => {
        // Another company's token, an unknown or an already revoked one: nothing to revoke here.
        if (!(await markScimTokenRevoked(trx, { companyId: company.id, tokenId: params.tokenId })))
          throw new ApiError('not_found');
      },
      audit: () =>
        operatorAudit(
          'scim.token_revoked',
          company.edition,
          { company_id: company.id, token_id: params.tokenId },
          why,
        ),
    });
  },
});

export const scimTokenAdminRoutes = [list, create, revoke];
