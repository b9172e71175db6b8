import { z } from 'zod';
import { EDITION_IDS } from '../editions';

// The administration (decision 0076): staff roles, the capabilities they carry, the OAuth scopes of
// machine clients, and the shapes of the admin API under /api/admin.

export const STAFF_ROLES = ['support', 'security', 'operator', 'company-admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What the admin API lets a caller do. A staff role carries some; a machine client gets those of
 * its `admin:<capability>` scopes (MACHINE_CAPABILITIES). Deciding an MFA reset, reading the staff
 * list and granting staff roles are for people only.
 */
export const ADMIN_CAPABILITIES = [
  'accounts.read',
  'accounts.write',
  'audit',
  'mfa_resets.decide',
  'staff.read',
  'staff.write',
  'companies',
  'operations',
] as const;
export type AdminCapability = (typeof ADMIN_CAPABILITIES)[number];

export const ROLE_CAPABILITIES: Record<StaffRole, readonly AdminCapability[]> = {
  support: ['accounts.read', 'accounts.write'],
  security: ['accounts.read', 'audit', 'mfa_resets.decide', 'staff.read', 'staff.write'],
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
  /** The staff member's own account (null for a machine client): the console offers no change to it. */
  account_id: z.number().int().nullable(),
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

// ---- Support: account search and page ---------------------------------------------------------

export const ACCOUNT_SEARCH_KINDS = ['email', 'phone', 'card', 'nrn', 'name'] as const;
export type AccountSearchKind = (typeof ACCOUNT_SEARCH_KINDS)[number];
export const SEARCH_MIN_LENGTH = 3;
export const ACCOUNTS_PAGE_SIZE = 20;

const cursorSchema = z
  .string()
  .max(400)
  .regex(/^[A-Za-z0-9_-]+$/);

/** GET /api/admin/accounts?by=&q=&cursor=: shorter than 3 characters is a typed 422 (search_too_short). */
export const accountSearchQuerySchema = z.object({
  by: z.enum(ACCOUNT_SEARCH_KINDS).default('name'),
  q: z.string().trim().max(200),
  cursor: cursorSchema.optional(),
});

/** A search hit: what tells two people apart, masked. */
export const accountHitSchema = z.object({
  id: z.number().int(),
  edition: editionSchema,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  locked: z.boolean(),
  created_at: z.string(),
});
export type AccountHit = z.infer<typeof accountHitSchema>;

export const accountSearchResponseSchema = z.object({
  data: z.array(accountHitSchema),
  next_cursor: z.string().nullable(),
});

export const accountIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const REVEALABLE_FIELDS = [
  'contacts',
  'birthdate',
  'national_register_number',
  'iban',
  'cards',
] as const;
export type RevealableField = (typeof REVEALABLE_FIELDS)[number];

const maskedContactSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['email', 'phone']),
  value: z.string(),
  primary: z.boolean(),
  verified: z.boolean(),
});

/** GET /api/admin/accounts/:id: everything support reads, personal fields masked. */
export const adminAccountSchema = z.object({
  id: z.number().int(),
  edition: editionSchema,
  profile: z.object({
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    language: z.string(),
    birthdate: z.string().nullable(),
    national_register_number: z.string().nullable(),
    iban: z.string().nullable(),
    user_id: z.string().nullable(),
    customer_user_id: z.string().nullable(),
    created_at: z.string(),
    locked_at: z.string().nullable(),
    mfa_forced: z.boolean(),
    mfa_customer: z.boolean(),
    password_changed_at: z.string().nullable(),
  }),
  contacts: z.array(maskedContactSchema),
  cards: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      status: z.string(),
      company: z.string().nullable(),
    }),
  ),
  mfa: z.array(
    z.object({
      kind: z.enum(['sms', 'email', 'totp', 'passkey']),
      target: z.string().nullable(),
      primary: z.boolean(),
      created_at: z.string(),
      last_used_at: z.string().nullable(),
    }),
  ),
  recovery_keys_left: z.number().int(),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      device: z.string().nullable(),
      ip: z.string().nullable(),
      created_at: z.string(),
      last_seen_at: z.string(),
    }),
  ),
  timeline: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      created_at: z.string(),
      ip: z.string().nullable(),
      actor: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  grants: z.array(z.object({ client_id: z.string(), name: z.string(), scopes: z.array(z.string()) })),
  invitations: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      company: z.string(),
      created_at: z.string(),
      expires_at: z.string(),
      used_at: z.string().nullable(),
    }),
  ),
  merges: z.array(
    z.object({ kind: z.string(), created_at: z.string(), other_account: z.number().nullable() }),
  ),
  mfa_reset: z
    .object({
      id: z.number().int(),
      status: z.enum(['pending', 'approved', 'refused']),
      created_at: z.string(),
    })
    .nullable(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

/** POST /api/admin/accounts/:id/reveal: a personal field in clear, for a reason (audited). */
export const revealRequestSchema = staffReasonSchema.extend({ field: z.enum(REVEALABLE_FIELDS) });
export const revealResponseSchema = z.object({
  field: z.enum(REVEALABLE_FIELDS),
  values: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type RevealResponse = z.infer<typeof revealResponseSchema>;

export const ACCOUNT_ACTIONS = ['lock', 'unlock', 'end-sessions'] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];
export const accountActionParamsSchema = accountIdParamsSchema.extend({ action: z.enum(ACCOUNT_ACTIONS) });
export const accountActionResponseSchema = z.object({ sessions_ended: z.number().int() });

/** POST /api/admin/accounts/:id/mfa-reset: the identity check support made, then the request. */
export const mfaResetRequestSchema = staffReasonSchema.extend({
  card_number: z.string().trim().max(40),
  birthdate: z.iso.date(),
});

/** POST /api/admin/accounts/:id/password-reset: a code and a link to a verified e-mail of the account. */
export const passwordResetSentSchema = z.object({ sent_to: z.string() });

/** POST /api/admin/accounts/:id/close: when the account's data is erased unless the person keeps it. */
export const closureStartedSchema = z.object({ closes_at: z.string() });

export const invitationParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  action: z.enum(['resend', 'revoke']),
});

// ---- Security: MFA resets, audit, staff -------------------------------------------------------

export const mfaResetSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  edition: editionSchema,
  account_name: z.string(),
  requested_by: z.string(),
  requested_by_me: z.boolean(),
  identity_checked: z.array(z.string()),
  reason: z.string(),
  ticket: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'refused']),
  decided_by: z.string().nullable(),
  decision_reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type MfaReset = z.infer<typeof mfaResetSchema>;
export const mfaResetsQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'refused']).default('pending'),
});
export const mfaResetsResponseSchema = z.object({ data: z.array(mfaResetSchema) });
export const mfaResetDecisionParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  decision: z.enum(['approve', 'refuse']),
});

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/** GET /api/admin/audit: who (account), what (kind), when (from/to), where (ip), which staff member. */
export const auditQuerySchema = z.object({
  account: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  kind: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z_.]*$/)
    .optional(),
  actor: z
    .string()
    .trim()
    .max(80)
    .regex(/^(user:\d+|client:[\w.-]+|cli|)$/)
    .optional(),
  ip: z.string().trim().max(45).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  edition: editionSchema.optional(),
  cursor: cursorSchema.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  edition: editionSchema,
  account_id: z.number().int().nullable(),
  kind: z.string(),
  ip: z.string().nullable(),
  device_id: z.string().nullable(),
  actor: z.string().nullable(),
  actor_role: z.string().nullable(),
  reason: z.string().nullable(),
  ticket: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditResponseSchema = z.object({
  data: z.array(auditEntrySchema),
  next_cursor: z.string().nullable(),
});
/** POST /api/admin/audit/export: the same filters, and why the export is made (audited). */
export const auditExportRequestSchema = auditQuerySchema
  .omit({ cursor: true })
  .extend(staffReasonSchema.shape);

export const staffMemberSchema = z.object({
  /** The grant itself (one role in one scope): what DELETE /api/admin/staff/roles/:id removes. */
  grant_id: z.number().int(),
  account_id: z.number().int(),
  edition: editionSchema,
  email: z.string().nullable(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  scope: editionSchema.nullable(),
  company: z.string().nullable(),
  app_or_key: z.boolean(),
  locked: z.boolean(),
  granted_at: z.string(),
});
/** A company a company admin can be granted: its id, name and edition. */
export const staffCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  edition: editionSchema,
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListResponseSchema = z.object({
  data: z.array(staffMemberSchema),
  /** The companies of the caller's editions, for granting the company-admin role. */
  companies: z.array(staffCompanySchema),
});

/**
 * POST /api/admin/staff/roles: grants a role to the account of an e-mail address in an edition.
 * `all_editions` widens support, security or operator to both editions; a company admin works in
 * its company's edition.
 */
export const staffGrantRequestSchema = staffReasonSchema.extend({
  email: z.string().trim().min(1).max(254),
  edition: editionSchema,
  role: z.enum(STAFF_ROLES),
  all_editions: z.boolean().default(false),
  company_id: z.number().int().positive().nullable().default(null),
});
export type StaffGrantRequest = z.input<typeof staffGrantRequestSchema>;
export const staffGrantResponseSchema = z.object({ granted: z.boolean() });
