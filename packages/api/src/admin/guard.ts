import type { EditionId } from '@vestibule/contract/editions';
import { EDITION_IDS } from '@vestibule/contract/editions';
import {
  ADMIN_CAPABILITIES,
  type AdminCapability,
  isAdminScope,
  MACHINE_CAPABILITIES,
  ROLE_CAPABILITIES,
  type StaffGrant,
} from '@vestibule/contract/schemas/admin';
import type { FastifyRequest } from 'fastify';
import { requireSudo } from '../account/step-up';
import type { Db } from '../db/database';
import { findClientCredentialsToken } from '../flows/oauth/index';
import { ApiError } from '../http/api-error';
import { type AuthContext, authenticate, bearerToken } from '../http/authenticate';
import { enforceLimit } from '../http/enforce-limit';
import { ADMIN_READS_PER_ACTOR, ADMIN_WRITES_PER_ACTOR } from './admin.rate-limits';
import { hasAppOrKeyFactor, staffGrantsOf } from './staff.queries';

// Who may call /api/admin (decision 0076), as a pipeline of small checks:
//   a bearer token                      else 401 unauthorized
//   a staff session or a machine token  else 401 (unknown token) / 403 (an end user's session)
//   the app-or-key factor of staff      else 403 staff_mfa_required
//   the route's capability              else 403 forbidden
//   the resource's edition / company    else 404 not_found (requireEdition, requireCompany)
//   a fresh step-up for every change    else 403 sudo_required (requireStaffStepUp)

/** Who is calling the admin API, and what the route's capability lets them reach. */
export interface AdminActor {
  kind: 'staff' | 'client';
  /** The audit rows' actor: 'user:<id>' or 'client:<client_id>'. */
  ref: string;
  /** A display name: the staff member's name, or the client's. */
  name: string;
  userId: number | null;
  clientId: string | null;
  /** The staff session (for the step-up); undefined for a machine client. */
  auth: AuthContext | undefined;
  /** Every role the account holds (none for a machine client). */
  grants: StaffGrant[];
  /** Every capability held, in some edition. */
  capabilities: AdminCapability[];
  /** The capability this route asked for ('any': who the caller is), and the role (or scope) that gave it: the audit's role. */
  capability: RouteCapability;
  role: string;
  /** The editions in which the capability holds. */
  editions: EditionId[];
  /** For `companies`: the companies a company admin holds; null: every company of `editions`. */
  companyIds: number[] | null;
}

/** What a route needs: a capability, or only to be staff or a machine client (GET /api/admin/me). */
export type RouteCapability = AdminCapability | 'any';

const everyEdition = (edition: string | null): EditionId[] =>
  edition === null ? [...EDITION_IDS] : EDITION_IDS.filter((id) => id === edition);

/** The capabilities of a set of roles, in the order of ADMIN_CAPABILITIES. */
export function capabilitiesOf(grants: readonly StaffGrant[]): AdminCapability[] {
  const held = new Set(grants.flatMap((grant) => ROLE_CAPABILITIES[grant.role]));
  return ADMIN_CAPABILITIES.filter((capability) => held.has(capability));
}

/** A staff actor for one capability: the roles that carry it give its editions and companies. */
function staffActor(
  auth: AuthContext,
  name: string,
  grants: StaffGrant[],
  capability: RouteCapability,
): AdminActor {
  const giving = grants.filter(
    (grant) => capability === 'any' || ROLE_CAPABILITIES[grant.role].includes(capability),
  );
  // 403, never 404: the caller is staff but has no role for this part of the desk.
  if (!giving.length) throw new ApiError('forbidden');
  const editions = EDITION_IDS.filter((id) =>
    giving.some((grant) => everyEdition(grant.edition).includes(id)),
  );
  const companies = giving
    .filter((grant) => grant.company_id !== null)
    .map((grant) => grant.company_id as number);
  return {
    kind: 'staff',
    ref: `user:${auth.userId}`,
    name,
    userId: auth.userId,
    clientId: null,
    auth,
    grants,
    capabilities: capabilitiesOf(grants),
    capability,
    role: [...new Set(giving.map((grant) => grant.role))].join(','),
    editions,
    companyIds: giving.every((grant) => grant.company_id !== null) ? companies : null,
  };
}

/** The staff behind a portal session, or a 403 for an end user or a staff member without an app or key. */
async function admitStaffSession(request: FastifyRequest, capability: RouteCapability): Promise<AdminActor> {
  const auth = await authenticate(request);
  // A session that still owes a password change or the forced MFA setup acts on nothing.
  if (auth.restriction) throw new ApiError(auth.restriction);
  const { db } = request.server.ctx;
  const grants = await staffGrantsOf(db, auth.userId);
  if (!grants.length) throw new ApiError('forbidden');
  if (!(await hasAppOrKeyFactor(db, auth.userId))) throw new ApiError('staff_mfa_required');
  return staffActor(auth, await staffName(db, auth.userId), grants, capability);
}

async function staffName(db: Db, userId: number): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select(['firstname', 'lastname'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return [row?.firstname, row?.lastname].filter(Boolean).join(' ') || `#${userId}`;
}

/** A machine client's client-credentials token, usable on its registered editions. */
function clientActor(
  token: NonNullable<Awaited<ReturnType<typeof findClientCredentialsToken>>>,
  capability: RouteCapability,
): AdminActor {
  const held = token.scopes
    .filter(isAdminScope)
    .map((scope) => scope.slice('admin:'.length) as AdminCapability);
  const allowed =
    capability === 'any'
      ? held.length > 0
      : (MACHINE_CAPABILITIES as readonly string[]).includes(capability) && held.includes(capability);
  if (!allowed) throw new ApiError('forbidden');
  return {
    kind: 'client',
    ref: `client:${token.clientId}`,
    name: token.clientName,
    userId: null,
    clientId: token.clientId,
    auth: undefined,
    grants: [],
    capabilities: held,
    capability,
    role: capability === 'any' ? held.map((c) => `admin:${c}`).join(' ') : `admin:${capability}`,
    editions: everyEdition(token.clientEdition),
    companyIds: null,
  };
}

/**
 * The `admit` of an admin route needing `capability`: a staff session whose roles carry it, or a
 * machine client whose token has its scope. Every call counts against the caller's limit.
 */
export function admitAdmin(capability: RouteCapability, kind: 'read' | 'write') {
  return async function admit(request: FastifyRequest): Promise<AdminActor> {
    const token = bearerToken(request);
    if (!token) throw new ApiError('unauthorized');
    const machine = await findClientCredentialsToken(request.server.ctx.db, token);
    const actor = machine ? clientActor(machine, capability) : await admitStaffSession(request, capability);
    await enforceLimit(request, kind === 'read' ? ADMIN_READS_PER_ACTOR : ADMIN_WRITES_PER_ACTOR, actor.ref);
    return actor;
  };
}

/** A resource of another edition than the caller's does not exist for them: 404. */
export function requireEdition(actor: AdminActor, edition: string): void {
  if (!(actor.editions as readonly string[]).includes(edition)) throw new ApiError('not_found');
}

/** A company the caller does not administer does not exist for them: 404. */
export function requireCompany(actor: AdminActor, company: { id: number; edition: string }): void {
  requireEdition(actor, company.edition);
  if (actor.companyIds !== null && !actor.companyIds.includes(company.id)) throw new ApiError('not_found');
}

/** Factors that may give a staff member's step-up: an authenticator app or a passkey. */
const STAFF_STEP_UP_METHODS = new Set(['totp', 'passkey']);

/**
 * Every change needs a fresh step-up (the portal's sudo) made with an app or a key; a machine
 * client's token is its own proof. Pass the change's transaction.
 */
export async function requireStaffStepUp(db: Db, actor: AdminActor): Promise<void> {
  if (!actor.auth) return;
  if (!STAFF_STEP_UP_METHODS.has(actor.auth.session.sudoMethod ?? '')) throw new ApiError('sudo_required');
  await requireSudo(db, actor.auth);
}
