import { z } from 'zod';
import { staffReasonSchema } from './admin';

// The operator's integration jobs through the admin API (decision 0076, capability `operations`):
// the card import of `npm run admin -- cards import` and the SCIM tokens of `scim tokens …`.

/** Bytes of one card file at most: in base64 it stays within the 64 KiB JSON body limit. */
export const CARD_IMPORT_MAX_BYTES = 45_000;
/** Cards of one file at most (a larger batch goes in several files, or through the CLI). */
export const CARD_IMPORT_MAX_ROWS = 500;

const editionSchema = z.enum(['general', 'lu']);

export const cardImportRequestSchema = staffReasonSchema.extend({
  /** The edition the file is for: every row must name it. */
  edition: editionSchema,
  /** The file's bytes in base64 (UTF-8, a BOM allowed), so its line breaks travel past the edge. */
  csv_base64: z
    .string()
    .min(4)
    .max(Math.ceil(CARD_IMPORT_MAX_BYTES / 3) * 4)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/),
});
export type CardImportRequest = z.input<typeof cardImportRequestSchema>;

/** What is wrong with one row of a card file; the CLI prints the same problems in English. */
export const CARD_ROW_ERROR_CODES = [
  'unreadable',
  'missing_column',
  'unknown_column',
  'no_rows',
  'too_many_rows',
  'field_count',
  'unknown_edition',
  'other_edition',
  'invalid_number',
  'duplicate_number',
  'invalid_activation_code',
  'duplicate_activation_code',
  'activation_code_required',
  'empty',
  'invalid_birthdate',
  'invalid_national_register_number',
  'invalid_status',
  'control_character',
  'already_registered',
  'activation_code_registered',
] as const;
export type CardRowErrorCode = (typeof CARD_ROW_ERROR_CODES)[number];

export const cardRowErrorSchema = z.object({
  /** The line of the file (1 is the header). */
  row: z.number().int(),
  /** The column, or `file` for the file as a whole. */
  field: z.string(),
  code: z.enum(CARD_ROW_ERROR_CODES),
});
export type CardRowError = z.infer<typeof cardRowErrorSchema>;

/** The 422 cards_csv_invalid answer's `rows`. */
export const cardRowErrorsSchema = z.object({ rows: z.array(cardRowErrorSchema) });

/**
 * The import's summary. Cards already in the registry are refused like any bad row (the CLI's
 * rule), so a successful import only creates: `updated` and `unchanged` stay 0.
 */
export const cardImportResponseSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type CardImportResponse = z.infer<typeof cardImportResponseSchema>;

// ---- SCIM tokens ------------------------------------------------------------------------------

export const scimCompanyParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const scimTokenParamsSchema = scimCompanyParamsSchema.extend({
  tokenId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** A token as listed: never its secret. */
export const scimTokenSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ScimToken = z.infer<typeof scimTokenSchema>;
export const scimTokensResponseSchema = z.object({
  data: z.array(scimTokenSchema),
  /** Where the company's HR system sends its SCIM requests. */
  scim_base_url: z.string(),
});
export type ScimTokensResponse = z.infer<typeof scimTokensResponseSchema>;

export const createScimTokenRequestSchema = staffReasonSchema.extend({
  label: z.string().trim().max(100).default(''),
});
export type CreateScimTokenRequest = z.input<typeof createScimTokenRequestSchema>;

/** The new token, shown this once: it is stored as a hash and never answered again. */
export const scimTokenCreatedSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  scim_base_url: z.string(),
});
export type ScimTokenCreated = z.infer<typeof scimTokenCreatedSchema>;

export const revokeScimTokenRequestSchema = staffReasonSchema;
