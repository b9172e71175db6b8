import { z } from 'zod';
import { EDITION_IDS } from '../editions';
import { emailSchema } from '../username';
import { staffReasonSchema } from './admin';

// A customer company's admin: its people, their invitations and access, MFA adoption and the
// company's MFA policy (docs/decisions/0077-company-admin.md).

export const PEOPLE_PAGE_DEFAULT = 25;
export const PEOPLE_PAGE_MAX = 100;
/** Rows of one CSV upload at most (a larger company uploads in parts). */
export const CSV_INVITE_MAX_ROWS = 500;
/** Bytes of one CSV file at most: in base64 it stays within the 64 KiB JSON body limit. */
export const CSV_INVITE_MAX_BYTES = 45_000;
/** Days of the adoption chart. */
export const ADOPTION_DAYS = 30;

export const MFA_KINDS = ['sms', 'email', 'totp', 'passkey'] as const;
export type MfaKind = (typeof MFA_KINDS)[number];

const cursorSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/);

export const companyPeopleQuerySchema = z.object({
  /** A prefix of the first name, last name or e-mail, case-insensitive. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(['all', 'active', 'suspended']).default('all'),
  mfa: z.enum(['all', 'with', 'without']).default('all'),
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(PEOPLE_PAGE_MAX).default(PEOPLE_PAGE_DEFAULT),
});
export type CompanyPeopleQuery = z.infer<typeof companyPeopleQuerySchema>;

export const companyPersonSchema = z.object({
  id: z.number().int(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  email: z.string().nullable(),
  /** suspended: the account is locked (by the company admin or by support). */
  status: z.enum(['active', 'suspended']),
  /** Whether the company admin may restore it: it was suspended by the company. */
  restorable: z.boolean(),
  mfa_methods: z.array(z.enum(MFA_KINDS)),
  mfa_forced: z.boolean(),
  created_at: z.string(),
});
export type CompanyPerson = z.infer<typeof companyPersonSchema>;

export const companyPeopleResponseSchema = z.object({
  data: z.array(companyPersonSchema),
  next_cursor: z.string().nullable(),
});
export type CompanyPeopleResponse = z.infer<typeof companyPeopleResponseSchema>;

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;

export const companyInvitationsQuerySchema = z.object({
  status: z.enum(['all', ...INVITATION_STATUSES]).default('pending'),
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(PEOPLE_PAGE_MAX).default(PEOPLE_PAGE_DEFAULT),
});

export const companyInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  status: z.enum(INVITATION_STATUSES),
  created_at: z.string(),
  expires_at: z.string(),
});
export type CompanyInvitation = z.infer<typeof companyInvitationSchema>;

export const companyInvitationsResponseSchema = z.object({
  data: z.array(companyInvitationSchema),
  next_cursor: z.string().nullable(),
});

const nameSchema = z.string().trim().max(100);
export const INVITE_LANGUAGES = ['en', 'fr', 'nl', 'de'] as const;

export const inviteRequestSchema = z.object({
  email: emailSchema,
  firstname: nameSchema.optional(),
  lastname: nameSchema.optional(),
  language: z.enum(INVITE_LANGUAGES).optional(),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const csvInviteRequestSchema = z.object({
  /**
   * The file's bytes in base64 (UTF-8, a BOM allowed): its line breaks and tabs travel intact
   * past the edge's refusal of control characters in JSON strings.
   */
  csv_base64: z
    .string()
    .min(4)
    .max(Math.ceil(CSV_INVITE_MAX_BYTES / 3) * 4)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/),
});

/** A company the operator can send invitations for. */
export const operatorCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  edition: z.enum(EDITION_IDS),
});
export type OperatorCompany = z.infer<typeof operatorCompanySchema>;
export const operatorCompaniesResponseSchema = z.object({ data: z.array(operatorCompanySchema) });
/** POST /api/admin/companies/:id/invitation-batches: the company admin's CSV, sent by the operator for a reason. */
export const invitationBatchRequestSchema = csvInviteRequestSchema.extend(staffReasonSchema.shape);

/** What is wrong with one row of an upload: its line in the file, the column, and a code. */
export const CSV_ROW_ERROR_CODES = [
  'missing_column',
  'no_rows',
  'too_many_rows',
  'unreadable',
  'invalid_email',
  'invalid_language',
  'too_long',
  'duplicate_in_file',
  'already_member',
  'already_invited',
] as const;
export type CsvRowErrorCode = (typeof CSV_ROW_ERROR_CODES)[number];

export const csvRowErrorSchema = z.object({
  /** The line of the file (1 is the header); 0 for the file as a whole. */
  row: z.number().int(),
  field: z.string(),
  code: z.enum(CSV_ROW_ERROR_CODES),
});
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;

export const invitedSchema = z.object({ row: z.number().int(), id: z.number().int(), email: z.string() });
export const inviteResponseSchema = z.object({ invited: z.array(invitedSchema) });
export type InviteResponse = z.infer<typeof inviteResponseSchema>;

export const personParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const suspendRequestSchema = z.object({
  /** Shown to the person in their security timeline and notice. */
  reason: z.string().trim().min(3).max(300),
  /** The HR or ticketing system's reference, kept in the audit row (not shown to the person). */
  ticket: staffReasonSchema.shape.ticket,
});

export const accessResponseSchema = z.object({
  status: z.enum(['active', 'suspended']),
  sessions_ended: z.number().int(),
});

export const adoptionPointSchema = z.object({
  day: z.string(),
  members: z.number().int(),
  with_mfa: z.number().int(),
  sms: z.number().int(),
  email: z.number().int(),
  totp: z.number().int(),
  passkey: z.number().int(),
});
export type AdoptionPoint = z.infer<typeof adoptionPointSchema>;

export const adoptionResponseSchema = z.object({
  /** Today's figures: the last point of the series. */
  members: z.number().int(),
  with_mfa: z.number().int(),
  series: z.array(adoptionPointSchema),
});
export type AdoptionResponse = z.infer<typeof adoptionResponseSchema>;

/**
 * required: every member sets up MFA at the next login and cannot skip (mfa_forced);
 * recommended: members are asked and may skip (mfa_customer); none: neither.
 */
export const MFA_POLICIES = ['none', 'recommended', 'required'] as const;
export type MfaPolicy = (typeof MFA_POLICIES)[number];

export const mfaPolicySchema = z.object({
  policy: z.enum(MFA_POLICIES),
  members: z.number().int(),
});
export const mfaPolicyRequestSchema = z.object({ policy: z.enum(MFA_POLICIES) });
