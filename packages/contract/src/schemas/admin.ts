import { z } from 'zod';
import { EDITION_IDS } from '../editions';

// The administration (decision 0076): staff roles, the capabilities they carry, the OAuth scopes of
// machine clients, and the shapes of the admin API under /api/admin.

export const STAFF_ROLES = ['support', 'security', 'operator', 'company-admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What the admin API lets a caller do. A staff role carries some; a machine client gets those of
 * its `admin:<capability>` scopes (MACHINE_CAPABILITIES). Deciding an MFA reset and reading the
 * staff list are for people only.
 */
export const ADMIN_CAPABILITIES = [
  'accounts.read',
  'accounts.write',
  'audit',
  'mfa_resets.decide',
  'staff.read',
  'companies',
  'operations',
] as const;
export type AdminCapability = (typeof ADMIN_CAPABILITIES)[number];

export const ROLE_CAPABILITIES: Record<StaffRole, readonly AdminCapability[]> = {
  support: ['accounts.read', 'accounts.write'],
  security: ['accounts.read', 'audit', 'mfa_resets.decide', 'staff.read'],
  operator: ['operations'],
  'company-admin': ['companies'],
};

/** Capabilities a client-credentials client may hold, one OAuth scope each: `admin:accounts.read`. */
export const MACHINE_CAPABILITIES = [
  'accounts.read',
  'accounts.write',
  'audit',
  'companies',
  'operations',
] as const satisfies readonly AdminCapability[];
export const ADMIN_SCOPES = MACHINE_CAPABILITIES.map((capability) => `admin:${capability}` as const);
export type AdminScope = (typeof ADMIN_SCOPES)[number];

export const isAdminScope = (scope: string): scope is AdminScope =>
  (ADMIN_SCOPES as readonly string[]).includes(scope);

const editionSchema = z.enum(EDITION_IDS);

/** A role an account holds: edition null is both editions; company for a company admin. */
export const staffGrantSchema = z.object({
  role: z.enum(STAFF_ROLES),
  edition: editionSchema.nullable(),
  company_id: z.number().int().nullable(),
});
export type StaffGrant = z.infer<typeof staffGrantSchema>;

/** GET /api/admin/me: who is at the desk, and what they may open. */
export const adminMeSchema = z.object({
  kind: z.enum(['staff', 'client']),
  name: z.string(),
  grants: z.array(staffGrantSchema),
  capabilities: z.array(z.enum(ADMIN_CAPABILITIES)),
  /** The editions the caller can see something of. */
  editions: z.array(editionSchema),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

export const REASON_MAX_LENGTH = 500;
export const TICKET_MAX_LENGTH = 64;

/** Why a staff member acts, and the ticket it answers: required and optional on every action. */
export const staffReasonSchema = z.object({
  reason: z.string().trim().max(REASON_MAX_LENGTH).default(''),
  ticket: z
    .string()
    .trim()
    .max(TICKET_MAX_LENGTH)
    .regex(/^[\w.#/-]*$/, 'invalid_ticket')
    .optional(),
});
export type StaffReason = z.infer<typeof staffReasonSchema>;
