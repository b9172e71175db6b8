import type { EditionId } from '@vestibule/contract/editions';
import {
  invitationBatchRequestSchema,
  inviteResponseSchema,
  operatorCompaniesResponseSchema,
} from '@vestibule/contract/schemas/company-admin';
import { z } from 'zod';
import { outboxWorkerOf } from '../delivery/register';
import { companyScope, inviteAll, parseInviteCsv } from '../flows/company-admin/index';
import { defineAdminRoute } from './admin-route';
import { requireEdition, requireStaffStepUp } from './guard';
import { requireReason, staffAudit } from './staff-audit';

// The operator's invitation batches: the company admin's CSV file (decision 0077), sent for any
// company of the operator's editions, all or nothing, with a reason.

/** GET /api/admin/companies: the companies of the operator's editions, by name. */
const companies = defineAdminRoute({
  method: 'GET',
  url: '/companies',
  summary: "The companies of the caller's editions",
  capability: 'operations',
  response: operatorCompaniesResponseSchema,
  handler: async function companies({ actor, db }) {
    const rows = await db
      .selectFrom('companies')
      .select(['id', 'name', 'edition'])
      .where('edition', 'in', actor.editions)
      .orderBy('name')
      .orderBy('id')
      .execute();
    return { data: rows.map((row) => ({ ...row, edition: row.edition as EditionId })) };
  },
});

/** POST /api/admin/companies/:companyId/invitation-batches: everyone of the file, or nobody. */
const batch = defineAdminRoute({
  method: 'POST',
  url: '/companies/:companyId/invitation-batches',
  summary: 'Invite everyone of a CSV file to a company, or nobody (422 names each bad row)',
  capability: 'operations',
  params: z.object({ companyId: z.coerce.number().int().positive().max(2_147_483_647) }),
  body: invitationBatchRequestSchema,
  response: inviteResponseSchema,
  status: 201,
  handler: async function batch({ params, body, actor, request, db, secrets, config }) {
    const why = requireReason(body);
    const scope = await companyScope(db, params.companyId);
    requireEdition(actor, scope.edition);
    const parsed = parseInviteCsv(Buffer.from(body.csv_base64, 'base64').toString('utf8'));
    const result = await db.transaction().execute(async (trx) => {
      await requireStaffStepUp(trx, actor);
      const answer = await inviteAll(
        trx,
        scope,
        {
          secrets,
          linkBase: config.publicUrls[scope.edition],
          actor: { ref: actor.ref, role: actor.role, name: actor.name },
        },
        parsed.rows,
        parsed.errors,
      );
      await staffAudit(
        trx,
        actor,
        {
          kind: 'staff.invitations_batched',
          userId: null,
          edition: scope.edition,
          ...why,
          detail: { company_id: scope.companyId, count: answer.invited.length },
        },
        request,
      );
      return answer;
    });
    outboxWorkerOf(request.server)?.notify();
    return result;
  },
});

export const invitationBatchRoutes = [companies, batch];
