import { EDITION_IDS } from '@vestibule/contract/editions';
import type { StaffRole } from '@vestibule/contract/schemas/admin';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { sendMessage } from '../delivery/messages/send';
import { ApiError } from '../http/api-error';
import type { SecretBox } from '../security/secret-box';
import { grantStaffRole, otherSecurityOfficers, type StaffGrantRow } from './staff.queries';

// Granting a staff role, the one way for the CLI (`staff add`) and the console (POST
// /api/admin/staff/roles): the role, and the enrolment e-mail through the outbox in the same
// transaction. The caller writes its own audit row (the CLI as `cli`, the console as the officer).

export interface EnrolmentDeps {
  secrets: SecretBox;
  config: Pick<Config, 'publicUrls'>;
}

export interface RoleToGrant {
  account: { id: number; edition: string };
  /** The address the enrolment link goes to (the one the role was granted for). */
  email: string;
  role: StaffRole;
  /** The edition the role holds in; null: both. */
  scope: string | null;
  companyId: number | null;
  grantedBy: string;
}

/** Grants the role and queues the enrolment e-mail; false (and nothing sent) when it was held already. */
export async function grantRoleWithEnrolment(
  trx: Db,
  grant: RoleToGrant,
  deps: EnrolmentDeps,
): Promise<boolean> {
  const fresh = await grantStaffRole(trx, {
    userId: grant.account.id,
    role: grant.role,
    edition: grant.scope,
    companyId: grant.companyId,
    grantedBy: grant.grantedBy,
  });
  if (!fresh) return false;
  const user = await trx
    .selectFrom('users')
    .select('language')
    .where('id', '=', grant.account.id)
    .executeTakeFirstOrThrow();
  await sendMessage(
    trx,
    { secrets: deps.secrets, publicUrls: deps.config.publicUrls },
    {
      purpose: 'staff_enrolment',
      edition: grant.account.edition,
      locale: user.language,
      values: { role: grant.role },
      to: [{ channel: 'email', address: grant.email.trim().toLowerCase() }],
    },
  );
  return true;
}

/** The editions a grant covers: its own, or both. */
export const editionsOf = (row: Pick<StaffGrantRow, 'edition'>): string[] =>
  row.edition === null ? [...EDITION_IDS] : [row.edition];

/**
 * A security grant goes only while another unlocked officer still covers each of its editions:
 * without one, nobody could approve an MFA reset or grant the role back from the console.
 */
export async function keepOneSecurityOfficer(db: Db, row: StaffGrantRow): Promise<void> {
  if (row.role !== 'security') return;
  for (const edition of editionsOf(row))
    if ((await otherSecurityOfficers(db, edition, row.id)) === 0) throw new ApiError('last_security_officer');
}
