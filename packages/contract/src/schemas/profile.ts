import { z } from 'zod';
import { MESSAGE_CODE_LENGTH } from '../constants';
import { LOCALES } from '../editions';

// Profile, contacts, login change and IBAN (docs/decisions/0010-profile-contacts-iban.md).

const nameSchema = z
  .string()
  .trim()
  .min(1)
  .max(80)
  // Letters, marks, spaces and the punctuation of real names; no control characters or markup.
  .regex(/^[\p{L}\p{M}][\p{L}\p{M}' .’-]*$/u);

/** A calendar date `YYYY-MM-DD` that exists, from 1900 until today. */
export const birthdateSchema = z.iso.date().refine((value) => {
  const date = new Date(`${value}T00:00:00Z`);
  return date.getUTCFullYear() >= 1900 && date.getTime() <= Date.now();
}, 'Invalid birth date');

/** PATCH /api/user: only the fields sent change; null clears gender or birth date. */
export const updateProfileRequestSchema = z
  .object({
    firstname: nameSchema.optional(),
    lastname: nameSchema.optional(),
    gender: z.enum(['female', 'male', 'other']).nullable().optional(),
    birthdate: birthdateSchema.nullable().optional(),
    /** One of the request edition's interface locales (checked by the server). */
    language: z.enum(LOCALES).optional(),
  })
  .strict();
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const contactKindSchema = z.enum(['email', 'phone']);
export type ContactKind = z.infer<typeof contactKindSchema>;

/** POST /api/user/emails and PUT /api/user/emails/{id}: the address as typed. */
export const emailContactRequestSchema = z.object({ email: z.string().max(320) }).strict();
/** POST /api/user/phones and PUT /api/user/phones/{id}: the number as typed. */
export const phoneContactRequestSchema = z.object({ phone: z.string().max(40) }).strict();

export const contactIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** A code on its way to a new (or unverified) address: confirm it with `payload` and the code. */
export const contactChallengeResponseSchema = z.object({
  payload: z.uuid(),
  method: z.enum(['email', 'sms']),
  /** Where the code went, as the user typed it (normalised, not masked: it is their input). */
  target: z.string(),
  code_length: z.literal(MESSAGE_CODE_LENGTH),
  /** Seconds before POST /api/mfa/resend may send another code. */
  resend_in: z.number().int(),
  expires_at: z.iso.datetime(),
  /** Adding an address of another account: confirming it offers a merge (docs/decisions/0012). */
  fuzzion: z.boolean().optional(),
});
export type ContactChallenge = z.infer<typeof contactChallengeResponseSchema>;

const codeSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{8}$/));

/** POST /api/user/{emails|phones}/confirm and POST /api/user/login/confirm. */
export const codeConfirmRequestSchema = z.object({ payload: z.uuid(), code: codeSchema }).strict();

/** POST /api/user/login: the new login, an e-mail or a phone (SPEC §5). */
export const loginChangeRequestSchema = z.object({ login: z.string().trim().min(1).max(320) }).strict();

/** PUT /api/user/iban. */
export const ibanRequestSchema = z.object({ iban: z.string().max(64) }).strict();
