import { EDITIONS, localeFor } from '@vestibule/contract/editions';
import type { CompanyInvitation, CsvRowError } from '@vestibule/contract/schemas/company-admin';
import { sql } from 'kysely';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { SecretBox } from '../../security/secret-box';
import { createInvitation } from '../onboarding/index';
import { decodeCursor, encodeCursor } from '../sessions/index';
import type { InviteRow } from './invite.csv';
import type { CompanyActor, CompanyScope } from './scope';

export interface InviteContext {
  secrets: SecretBox;
  /** The edition's public origin, for the links of the e-mail. */
  linkBase: string;
  actor: CompanyActor;
}

/** Rows whose address is already one of the company's people, or invited and still waiting. */
async function conflicts(trx: Db, scope: CompanyScope, rows: readonly InviteRow[]): Promise<CsvRowError[]> {
  const emails = rows.map((row) => row.email);
  if (emails.length === 0) return [];
  const members = await trx
    .selectFrom('user_emails')
    .innerJoin('users', 'users.id', 'user_emails.user_id')
    .select('user_emails.address')
    .where('users.company_id', '=', scope.companyId)
    .where('user_emails.edition', '=', scope.edition)
    .where('user_emails.address', 'in', emails)
    .execute();
  const waiting = await trx
    .selectFrom('invitations')
    .select('email')
    .where('company_id', '=', scope.companyId)
    .where('email', 'in', emails)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .execute();
  const memberSet = new Set(members.map((row) => row.address));
  const waitingSet = new Set(waiting.map((row) => row.email));
  return rows.flatMap((row): CsvRowError[] =>
    memberSet.has(row.email)
      ? [{ row: row.row, field: 'email', code: 'already_member' }]
      : waitingSet.has(row.email)
        ? [{ row: row.row, field: 'email', code: 'already_invited' }]
        : [],
  );
}

/**
 * Invites every row, or nobody (decision 0077): the rows are checked against the company's people
 * and waiting invitations under a lock on the company (two uploads at once do not both pass), then
 * each invitation and its e-mail are written in the caller's transaction. A bad row answers 422
 * csv_invalid naming every bad row and field.
 */
export async function inviteAll(
  trx: Db,
  scope: CompanyScope,
  context: InviteContext,
  rows: readonly InviteRow[],
  parseErrors: readonly CsvRowError[] = [],
) {
  await trx.selectFrom('companies').select('id').where('id', '=', scope.companyId).forUpdate().execute();
  const edition = EDITIONS[scope.edition];
  const languageErrors = rows.flatMap((row): CsvRowError[] =>
    row.language && !localeFor(edition, row.language)
      ? [{ row: row.row, field: 'language', code: 'invalid_language' }]
      : [],
  );
  const errors = [...parseErrors, ...languageErrors, ...(await conflicts(trx, scope, rows))].sort(
    (a, b) => a.row - b.row,
  );
  if (errors.length) throw new ApiError('csv_invalid', { extra: { rows: errors } });
  const invited: { row: number; id: number; email: string }[] = [];
  for (const row of rows) {
    const invitation = await createInvitation(trx, context.secrets, {
      edition: scope.edition,
      email: row.email,
      company: scope.name,
      firstname: row.firstname,
      lastname: row.lastname,
      language: localeFor(edition, row.language),
      linkBase: context.linkBase,
    });
    await audit(trx, {
      kind: 'invitation.created',
      userId: null,
      edition: scope.edition,
      actor: { ref: context.actor.ref, role: context.actor.role },
      detail: {
        invitation_id: invitation.id,
        company_id: scope.companyId,
        by: context.actor.role,
        staff: context.actor.name,
      },
    });
    invited.push({ row: row.row, id: invitation.id, email: row.email });
  }
  return { invited };
}

/** Withdraws a waiting invitation of the company; another company's answers 404. */
export async function revokeInvitation(trx: Db, scope: CompanyScope, actor: CompanyActor, id: number) {
  const invitation = await trx
    .selectFrom('invitations')
    .select(['id', 'used_at', 'revoked_at', 'expires_at'])
    .where('id', '=', id)
    .where('company_id', '=', scope.companyId)
    .forUpdate()
    .executeTakeFirst();
  if (!invitation) throw new ApiError('not_found');
  if (invitation.used_at || invitation.revoked_at || new Date(invitation.expires_at) <= new Date())
    throw new ApiError('invitation_not_pending');
  await trx.updateTable('invitations').set({ revoked_at: new Date() }).where('id', '=', id).execute();
  await audit(trx, {
    kind: 'invitation.revoked',
    userId: null,
    edition: scope.edition,
    actor: { ref: actor.ref, role: actor.role },
    detail: { invitation_id: id, company_id: scope.companyId, by: actor.role, staff: actor.name },
  });
}

const statusOf = sql<CompanyInvitation['status']>`CASE
  WHEN used_at IS NOT NULL THEN 'accepted'
  WHEN revoked_at IS NOT NULL THEN 'revoked'
  WHEN expires_at <= now() THEN 'expired'
  ELSE 'pending' END`;

/** One page of the company's invitations, newest first, by keyset on id (invitations_company). */
export async function invitationPage(
  db: Db,
  scope: CompanyScope,
  query: { status: 'all' | CompanyInvitation['status']; cursor?: string; limit: number },
) {
  const before = decodeCursor(query.cursor, 1)?.[0];
  let select = db
    .selectFrom('invitations')
    .select(['id', 'email', 'firstname', 'lastname', 'created_at', 'expires_at', statusOf.as('status')])
    .where('company_id', '=', scope.companyId);
  if (before !== undefined) select = select.where('id', '<', Number(before));
  if (query.status !== 'all') select = select.where(statusOf, '=', query.status);
  const rows = await select
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => ({
      ...row,
      created_at: new Date(row.created_at).toISOString(),
      expires_at: new Date(row.expires_at).toISOString(),
    })),
    next_cursor: rows.length > query.limit && last ? encodeCursor([last.id]) : null,
  };
}
