import { isIP } from 'node:net';
import type { EditionId } from '@vestibule/contract/editions';
import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  auditExportRequestSchema,
  auditQuerySchema,
  auditResponseSchema,
} from '@vestibule/contract/schemas/admin';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';
import { enforceLimit } from '../http/enforce-limit';
import { ADMIN_EXPORTS_PER_ACTOR } from './admin.rate-limits';
import { defineAdminRoute } from './admin-route';
import { type AuditRow, searchAudit } from './audit-search.queries';
import type { AdminActor } from './guard';
import { requireReason, type StaffAuditEvent, staffAudit } from './staff-audit';

function entry(row: AuditRow): AuditEntry {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    edition: row.edition as EditionId,
    account_id: row.user_id,
    kind: row.kind,
    ip: row.ip,
    device_id: row.device_id,
    actor: row.actor,
    actor_role: row.actor_role,
    reason: text(row.detail.reason),
    ticket: text(row.detail.ticket),
  };
}

/** The editions a search covers: the caller's, narrowed to one when asked (404 outside them). */
function checkFilters(actor: AdminActor, filters: { ip?: string | undefined; edition?: string | undefined }) {
  if (filters.ip && isIP(filters.ip) === 0)
    throw new ApiError('validation_failed', { fields: { ip: 'invalid' } });
  if (filters.edition && !(actor.editions as readonly string[]).includes(filters.edition))
    throw new ApiError('not_found');
}

/** The audit row of a search or an export of the log: on the account and edition its filters name. */
function auditRead(
  request: FastifyRequest,
  actor: AdminActor,
  filters: { account?: number | undefined; edition?: string | undefined },
  event: Omit<StaffAuditEvent, 'userId' | 'edition'>,
) {
  return staffAudit(
    request.server.ctx.db,
    actor,
    { ...event, userId: filters.account ?? null, edition: filters.edition ?? request.edition.id },
    request,
  );
}

/** GET /api/admin/audit: audit rows across accounts, newest first, filtered, a page at a time. */
const search = defineAdminRoute({
  method: 'GET',
  url: '/audit',
  summary: 'Search the audit log across accounts: who, what, when, where, which staff member',
  capability: 'audit',
  query: auditQuerySchema,
  response: auditResponseSchema,
  handler: async function search({ query, actor, request, db }) {
    checkFilters(actor, query);
    const { cursor, ...filters } = query;
    const before = cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8')) : undefined;
    if (before !== undefined && !Number.isSafeInteger(before))
      throw new ApiError('validation_failed', { fields: { cursor: 'invalid' } });
    const rows = await searchAudit(db, actor.editions, filters, AUDIT_PAGE_SIZE + 1, before);
    const page = rows.slice(0, AUDIT_PAGE_SIZE);
    await auditRead(request, actor, filters, {
      kind: 'staff.audit_searched',
      detail: { filters: Object.keys(filters).join(','), found: page.length },
    });
    const last = page.at(-1);
    return {
      data: page.map(entry),
      next_cursor:
        rows.length > AUDIT_PAGE_SIZE && last ? Buffer.from(String(last.id)).toString('base64url') : null,
    };
  },
});

const CSV_COLUMNS = [
  'id',
  'created_at',
  'edition',
  'account_id',
  'kind',
  'ip',
  'device_id',
  'actor',
  'actor_role',
  'reason',
  'ticket',
] as const satisfies readonly (keyof AuditEntry)[];

/** One CSV cell (RFC 4180), a formula-looking text made inert for spreadsheets (CSV injection). */
function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * POST /api/admin/audit/export {filters, reason, ticket}: the rows of a search as CSV (at most
 * AUDIT_EXPORT_MAX_ROWS), for a reason; the export itself is an audit row naming its filters.
 */
const exportCsv = defineAdminRoute({
  method: 'POST',
  url: '/audit/export',
  summary: 'Export the rows of an audit search as CSV, for a reason (audited)',
  capability: 'audit',
  body: auditExportRequestSchema,
  handler: async function exportCsv({ body, actor, request, reply, db }) {
    const { reason: _reason, ticket: _ticket, ...filters } = body;
    const why = requireReason(body);
    checkFilters(actor, filters);
    await enforceLimit(request, ADMIN_EXPORTS_PER_ACTOR, actor.ref);
    const rows = await searchAudit(db, actor.editions, filters, AUDIT_EXPORT_MAX_ROWS, undefined);
    await auditRead(request, actor, filters, {
      kind: 'staff.audit_exported',
      ...why,
      detail: { filters: JSON.stringify(filters), rows: rows.length },
    });
    const lines = [
      CSV_COLUMNS.join(','),
      ...rows.map((row) => CSV_COLUMNS.map((c) => cell(entry(row)[c])).join(',')),
    ];
    return reply
      .header('content-disposition', 'attachment; filename="audit.csv"')
      .type('text/csv; charset=utf-8')
      .send(`${lines.join('\r\n')}\r\n`);
  },
});

export const adminAuditRoutes = [search, exportCsv];
