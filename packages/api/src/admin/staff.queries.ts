import type { StaffGrant, StaffRole } from '@vestibule/contract/schemas/admin';
import { sql } from 'kysely';
import type { Db } from '../db/database';

// Staff roles (staff_roles, 0026_administration): who holds which role, over which editions.

/** The roles an account holds, oldest first. */
export async function staffGrantsOf(db: Db, userId: number): Promise<StaffGrant[]> {
  return db
    .selectFrom('staff_roles')
    .select(['role', 'edition', 'company_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute() as Promise<StaffGrant[]>;
}

/**
 * Whether the account signs in with an app or a key (an authenticator or a passkey): staff must,
 * never with SMS or e-mail codes only.
 */
export async function hasAppOrKeyFactor(db: Db, userId: number): Promise<boolean> {
  const row = await sql<{ found: boolean }>`
    SELECT EXISTS (SELECT 1 FROM mfa_methods WHERE user_id = ${userId} AND method = 'totp')
        OR EXISTS (SELECT 1 FROM passkeys WHERE user_id = ${userId}) AS found`.execute(db);
  return row.rows[0]?.found === true;
}

export interface NewStaffGrant {
  userId: number;
  role: StaffRole;
  edition: string | null;
  companyId: number | null;
  grantedBy: string;
}

/** Grants a role; answers false when the account held it already. */
export async function grantStaffRole(db: Db, grant: NewStaffGrant): Promise<boolean> {
  const existing = await db
    .selectFrom('staff_roles')
    .select('id')
    .where('user_id', '=', grant.userId)
    .where('role', '=', grant.role)
    .where((eb) => (grant.edition === null ? eb('edition', 'is', null) : eb('edition', '=', grant.edition)))
    .where((eb) =>
      grant.companyId === null ? eb('company_id', 'is', null) : eb('company_id', '=', grant.companyId),
    )
    .executeTakeFirst();
  if (existing) return false;
  await db
    .insertInto('staff_roles')
    .values({
      user_id: grant.userId,
      role: grant.role,
      edition: grant.edition,
      company_id: grant.companyId,
      granted_by: grant.grantedBy,
    })
    .execute();
  return true;
}

/** Removes an account's role (every scope of it, or the one edition given); answers how many. */
export async function removeStaffRole(
  db: Db,
  userId: number,
  role: StaffRole | undefined,
  edition?: string | null,
): Promise<number> {
  let query = db.deleteFrom('staff_roles').where('user_id', '=', userId);
  if (role) query = query.where('role', '=', role);
  if (edition !== undefined)
    query = query.where((eb) => (edition === null ? eb('edition', 'is', null) : eb('edition', '=', edition)));
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface StaffMember {
  grantId: number;
  userId: number;
  edition: string;
  email: string | null;
  firstname: string | null;
  lastname: string | null;
  role: StaffRole;
  scopeEdition: string | null;
  companyId: number | null;
  companyName: string | null;
  grantedBy: string;
  grantedAt: Date;
  appOrKey: boolean;
  locked: boolean;
}

/** Every role held, with its account's primary e-mail and whether it has an app or key factor. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom('staff_roles')
    .innerJoin('users', 'users.id', 'staff_roles.user_id')
    .leftJoin('user_emails', (join) =>
      join.onRef('user_emails.user_id', '=', 'users.id').on('user_emails.is_default', '=', true),
    )
    .leftJoin('companies', 'companies.id', 'staff_roles.company_id')
    .select((eb) => [
      'staff_roles.id as grantId',
      'users.id as userId',
      'users.edition',
      'user_emails.address as email',
      'users.firstname',
      'users.lastname',
      'staff_roles.role',
      'staff_roles.edition as scopeEdition',
      'staff_roles.company_id as companyId',
      'companies.name as companyName',
      'staff_roles.granted_by as grantedBy',
      'staff_roles.created_at as grantedAt',
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('mfa_methods')
              .select('mfa_methods.id')
              .whereRef('mfa_methods.user_id', '=', 'users.id')
              .where('mfa_methods.method', '=', 'totp'),
          ),
          eb.exists(
            eb.selectFrom('passkeys').select('passkeys.id').whereRef('passkeys.user_id', '=', 'users.id'),
          ),
        ])
        .as('appOrKey'),
      eb('users.locked_at', 'is not', null).as('locked'),
    ])
    .orderBy('user_emails.address')
    .orderBy('staff_roles.id')
    .execute();
  return rows as StaffMember[];
}

export interface StaffGrantRow {
  id: number;
  userId: number;
  accountEdition: string;
  role: StaffRole;
  edition: string | null;
  companyId: number | null;
}

/** One grant with its account's edition, or undefined. */
export async function findStaffGrant(db: Db, grantId: number): Promise<StaffGrantRow | undefined> {
  return db
    .selectFrom('staff_roles')
    .innerJoin('users', 'users.id', 'staff_roles.user_id')
    .select([
      'staff_roles.id',
      'staff_roles.user_id as userId',
      'users.edition as accountEdition',
      'staff_roles.role',
      'staff_roles.edition',
      'staff_roles.company_id as companyId',
    ])
    .where('staff_roles.id', '=', grantId)
    .executeTakeFirst() as Promise<StaffGrantRow | undefined>;
}

/** Removes one grant; answers whether it was there. */
export async function deleteStaffGrant(db: Db, grantId: number): Promise<boolean> {
  const result = await db.deleteFrom('staff_roles').where('id', '=', grantId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * How many security grants other than `exceptId` cover `edition` (a grant of both editions covers
 * each), held by accounts that are not locked: the officers left to decide MFA resets there.
 */
export async function otherSecurityOfficers(db: Db, edition: string, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('staff_roles')
    .innerJoin('users', 'users.id', 'staff_roles.user_id')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('staff_roles.role', '=', 'security')
    .where('staff_roles.id', '!=', exceptId)
    .where('users.locked_at', 'is', null)
    .where((eb) => eb.or([eb('staff_roles.edition', 'is', null), eb('staff_roles.edition', '=', edition)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
