import { EDITION_IDS, EDITIONS, type EditionId } from '@vestibule/contract/editions';
import { STAFF_ROLES, type StaffRole } from '@vestibule/contract/schemas/admin';
import { parseUsername } from '@vestibule/contract/username';
import { findUserByUsername } from '../account/users';
import { listStaff, removeStaffRole } from '../admin/staff.queries';
import { type EnrolmentDeps, grantRoleWithEnrolment } from '../admin/staff-grants';
import { audit } from '../db/audit';
import type { Db } from '../db/database';
import { option, type Write } from '../operations/command-line';

export const STAFF_USAGE = `  staff add EMAIL --role support|security|operator|company-admin [--edition general|lu] [--company ID]
                                        grants a staff role (--edition: that edition only, else
                                        both; --company: the company a company admin runs) and
                                        e-mails the account a link to the console
  staff list                            every staff role, with whether its account has an app or key
  staff remove EMAIL [--role ROLE] [--edition general|lu]
                                        takes the role (or every role) away
`;

class StaffUsageError extends Error {}

/**
 * The account of an e-mail: in the edition given, else in the one edition that has it. An address
 * known in both editions needs --edition to say which account is meant.
 */
async function accountOf(db: Db, email: string, edition: EditionId | undefined) {
  const editions = edition ? [edition] : [...EDITION_IDS];
  const found = [];
  for (const id of editions) {
    const username = parseUsername(email, EDITIONS[id].phoneRegion);
    if (username?.kind !== 'email') throw new StaffUsageError(`${email} is not an e-mail address`);
    const user = await findUserByUsername(db, id, username);
    if (user) found.push({ id: user.id, edition: id });
  }
  if (found.length > 1)
    throw new StaffUsageError(`${email} has an account in both editions: say which with --edition`);
  if (!found[0])
    throw new StaffUsageError(
      `No account with ${email}${edition ? ` in the ${edition} edition` : ''}: the person signs up first`,
    );
  return found[0];
}

function editionOption(args: readonly string[]): EditionId | undefined {
  const value = option(args, '--edition');
  if (value === undefined) return undefined;
  if (!(EDITION_IDS as readonly string[]).includes(value))
    throw new StaffUsageError(`unknown edition ${value}`);
  return value as EditionId;
}

function roleOption(args: readonly string[], required: boolean): StaffRole | undefined {
  const value = option(args, '--role');
  if (value === undefined && !required) return undefined;
  if (!(STAFF_ROLES as readonly string[]).includes(value ?? ''))
    throw new StaffUsageError(`--role must be one of ${STAFF_ROLES.join(', ')}`);
  return value as StaffRole;
}

async function add(db: Db, args: readonly string[], write: Write, deps: StaffDeps) {
  const email = args[0];
  if (!email || email.startsWith('--')) throw new StaffUsageError('staff add needs an e-mail address');
  const role = roleOption(args, true) as StaffRole;
  const edition = editionOption(args);
  const companyText = option(args, '--company');
  if ((role === 'company-admin') !== (companyText !== undefined))
    throw new StaffUsageError('--company is required for a company admin, and only for one');
  const company = companyText === undefined ? undefined : await companyOf(db, companyText);
  const account = await accountOf(db, email, edition ?? (company?.edition as EditionId | undefined));
  // A company admin works in the company's edition; the other roles where --edition says, else both.
  const scope = company ? company.edition : (edition ?? null);
  const granted = await db.transaction().execute(async (trx) => {
    const fresh = await grantRoleWithEnrolment(
      trx,
      { account, email, role, scope, companyId: company?.id ?? null, grantedBy: 'cli' },
      deps,
    );
    if (!fresh) return false;
    await audit(trx, {
      kind: 'staff.role_granted',
      userId: account.id,
      edition: account.edition,
      actor: { ref: 'cli', role: 'cli' },
      detail: { role, scope: scope ?? 'both', ...(company ? { company_id: company.id } : {}) },
    });
    return true;
  });
  write(
    granted
      ? `${email} is now ${role} (${scope ?? 'both editions'}${company ? `, company ${company.id} ${company.name}` : ''}); the enrolment e-mail is in the outbox.`
      : `${email} already holds that role.`,
  );
}

async function companyOf(db: Db, text: string) {
  const id = Number(text);
  const company = Number.isInteger(id)
    ? await db
        .selectFrom('companies')
        .select(['id', 'name', 'edition'])
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!company) throw new StaffUsageError(`unknown company ${text}`);
  return company;
}

async function remove(db: Db, args: readonly string[], write: Write) {
  const email = args[0];
  if (!email || email.startsWith('--')) throw new StaffUsageError('staff remove needs an e-mail address');
  const role = roleOption(args, false);
  const edition = editionOption(args);
  const account = await accountOf(db, email, undefined);
  const removed = await db.transaction().execute(async (trx) => {
    const count = await removeStaffRole(trx, account.id, role, edition);
    if (count)
      await audit(trx, {
        kind: 'staff.role_removed',
        userId: account.id,
        edition: account.edition,
        actor: { ref: 'cli', role: 'cli' },
        detail: { role: role ?? 'all', ...(edition ? { scope: edition } : {}) },
      });
    return count;
  });
  write(removed ? `${removed} role(s) taken from ${email}.` : `${email} held no such role.`);
}

async function list(db: Db, write: Write) {
  const staff = await listStaff(db);
  if (!staff.length) write('No staff role is granted.');
  for (const member of staff) {
    const scope = member.companyId
      ? `company ${member.companyId} ${member.companyName ?? ''}`.trim()
      : (member.scopeEdition ?? 'both editions');
    const warnings = [
      member.appOrKey ? '' : 'NO authenticator or passkey: refused at the console',
      member.locked ? 'locked' : '',
    ].filter(Boolean);
    write(
      `${member.email ?? `#${member.userId}`} (${member.edition})  ${member.role}  [${scope}]${warnings.length ? `  ${warnings.join('; ')}` : ''}`,
    );
  }
}

type StaffDeps = EnrolmentDeps;

/** Staff roles; answers undefined when argv is not a `staff` command. */
export async function runStaffCommand(
  db: Db,
  argv: readonly string[],
  write: Write,
  deps: StaffDeps,
): Promise<number | undefined> {
  const [command, action, ...args] = argv;
  if (command !== 'staff') return undefined;
  try {
    if (action === 'add') await add(db, args, write, deps);
    else if (action === 'remove') await remove(db, args, write);
    else if (action === 'list') await list(db, write);
    else {
      write(`Usage:\n${STAFF_USAGE}`);
      return 2;
    }
    return 0;
  } catch (error) {
    if (!(error instanceof StaffUsageError)) throw error;
    write(error.message);
    return 1;
  }
}
