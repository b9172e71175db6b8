import { EDITION_IDS, EDITIONS, type EditionId } from '@vestibule/contract/editions';
import {
  staffGrantRequestSchema,
  staffGrantResponseSchema,
  staffListResponseSchema,
  staffReasonSchema,
} from '@vestibule/contract/schemas/admin';
import { parseUsername } from '@vestibule/contract/username';
import { z } from 'zod';
import { findUserByUsername } from '../account/users';
import type { Db } from '../db/database';
import { outboxWorkerOf } from '../delivery/register';
import { ApiError } from '../http/api-error';
import { defineAdminRoute } from './admin-route';
import { type AdminActor, requireEdition, requireStaffStepUp } from './guard';
import { deleteStaffGrant, findStaffGrant, listStaff } from './staff.queries';
import { requireReason, staffAudit } from './staff-audit';
import { editionsOf, grantRoleWithEnrolment, keepOneSecurityOfficer } from './staff-grants';

// Staff accounts and their roles (decision 0076): the security officer reads them and grants or
// takes roles; never their own, and never the last security officer of an edition.

/** GET /api/admin/staff: every staff role held, and whether its account has an app or a key. */
const staff = defineAdminRoute({
  method: 'GET',
  url: '/staff',
  summary: 'Staff accounts and their roles',
  capability: 'staff.read',
  response: staffListResponseSchema,
  handler: async function staff({ actor, request, db }) {
    // Staff of the caller's editions: an officer of one edition does not learn the other's staff.
    const members = (await listStaff(db)).filter((member) =>
      (actor.editions as readonly string[]).includes(member.edition),
    );
    await staffAudit(
      db,
      actor,
      { kind: 'staff.staff_listed', userId: null, edition: request.edition.id },
      request,
    );
    const companies = await db
      .selectFrom('companies')
      .select(['id', 'name', 'edition'])
      .where('edition', 'in', actor.editions)
      .orderBy('name')
      .execute();
    return {
      companies: companies.map((company) => ({ ...company, edition: company.edition as EditionId })),
      data: members.map((member) => ({
        grant_id: member.grantId,
        account_id: member.userId,
        edition: member.edition as EditionId,
        email: member.email,
        name: [member.firstname, member.lastname].filter(Boolean).join(' '),
        role: member.role,
        scope: member.scopeEdition as EditionId | null,
        company: member.companyName,
        app_or_key: member.appOrKey,
        locked: member.locked,
        granted_at: new Date(member.grantedAt).toISOString(),
      })),
    };
  },
});

/** The account of an e-mail address in an edition, or a 422 naming the field. */
async function accountOfEmail(db: Db, edition: EditionId, email: string) {
  const username = parseUsername(email, EDITIONS[edition].phoneRegion);
  if (username?.kind !== 'email')
    throw new ApiError('validation_failed', { fields: { email: 'invalid_email' } });
  const user = await findUserByUsername(db, edition, username);
  if (!user) throw new ApiError('staff_account_unknown', { fields: { email: 'staff_account_unknown' } });
  return { id: user.id, edition, email: username.value };
}

/** The company a company admin runs, in the account's edition; a 422 naming the field otherwise. */
async function companyFor(db: Db, companyId: number | null, edition: EditionId) {
  if (companyId === null)
    throw new ApiError('staff_company_required', { fields: { company_id: 'staff_company_required' } });
  const company = await db
    .selectFrom('companies')
    .select(['id', 'name', 'edition'])
    .where('id', '=', companyId)
    .where('edition', '=', edition)
    .executeTakeFirst();
  if (!company) throw new ApiError('validation_failed', { fields: { company_id: 'not_found' } });
  return company;
}

/** Nobody changes their own roles: a second officer does (as with MFA resets). */
function refuseSelf(actor: AdminActor, userId: number): void {
  if (actor.userId === userId) throw new ApiError('staff_self_change');
}

/** POST /api/admin/staff/roles: grants a role and e-mails the account its enrolment link. */
const grant = defineAdminRoute({
  method: 'POST',
  url: '/staff/roles',
  summary: 'Grant a staff role to an account (the enrolment link goes to its e-mail)',
  capability: 'staff.write',
  body: staffGrantRequestSchema,
  response: staffGrantResponseSchema,
  handler: async function grant({ body, actor, request, db, secrets, config }) {
    const why = requireReason(body);
    requireEdition(actor, body.edition);
    // Both editions only for an officer of both; a company admin in its company's edition.
    const allEditions = body.all_editions && body.role !== 'company-admin';
    if (allEditions) for (const edition of EDITION_IDS) requireEdition(actor, edition);
    const account = await accountOfEmail(db, body.edition, body.email);
    refuseSelf(actor, account.id);
    const company =
      body.role === 'company-admin' ? await companyFor(db, body.company_id, body.edition) : undefined;
    const scope = allEditions ? null : body.edition;
    const granted = await db.transaction().execute(async (trx) => {
      await requireStaffStepUp(trx, actor);
      const fresh = await grantRoleWithEnrolment(
        trx,
        {
          account,
          email: account.email,
          role: body.role,
          scope,
          companyId: company?.id ?? null,
          grantedBy: actor.ref,
        },
        { secrets, config },
      );
      if (fresh)
        await staffAudit(
          trx,
          actor,
          {
            kind: 'staff.role_granted',
            userId: account.id,
            edition: account.edition,
            ...why,
            detail: {
              role: body.role,
              scope: scope ?? 'both',
              ...(company ? { company_id: company.id } : {}),
            },
          },
          request,
        );
      return fresh;
    });
    if (granted) outboxWorkerOf(request.server)?.notify();
    return { granted };
  },
});

/** DELETE /api/admin/staff/roles/:grantId: takes one role (in one scope) away. */
const remove = defineAdminRoute({
  method: 'DELETE',
  url: '/staff/roles/:grantId',
  summary: 'Take a staff role away',
  capability: 'staff.write',
  params: z.object({ grantId: z.coerce.number().int().positive() }),
  body: staffReasonSchema,
  status: 204,
  handler: async function remove({ params, body, actor, request, reply, db }) {
    const why = requireReason(body);
    await db.transaction().execute(async (trx) => {
      const row = await findStaffGrant(trx, params.grantId);
      if (!row) throw new ApiError('not_found');
      // A grant reaching outside the officer's editions is not theirs to see.
      requireEdition(actor, row.accountEdition);
      for (const edition of editionsOf(row)) requireEdition(actor, edition);
      refuseSelf(actor, row.userId);
      await requireStaffStepUp(trx, actor);
      await keepOneSecurityOfficer(trx, row);
      await deleteStaffGrant(trx, row.id);
      await staffAudit(
        trx,
        actor,
        {
          kind: 'staff.role_removed',
          userId: row.userId,
          edition: row.accountEdition,
          ...why,
          detail: {
            role: row.role,
            scope: row.edition ?? 'both',
            ...(row.companyId ? { company_id: row.companyId } : {}),
          },
        },
        request,
      );
    });
    return reply.code(204).send();
  },
});

export const adminStaffRoutes = [staff, grant, remove];
