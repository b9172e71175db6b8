import { z } from 'zod';

// Passkeys (docs/decisions/0047-passkeys.md): WebAuthn registration and use through
// SimpleWebAuthn. The options the server answers are PublicKeyCredential*OptionsJSON, handed to
// @simplewebauthn/browser untouched; the browser's answers are checked here for shape and size
// only, the library verifies their content.

/** A passkey's name: what the user calls it in the Security tab. */
export const PASSKEY_NAME_MAX_LENGTH = 64;
export const passkeyNameSchema = z.string().trim().min(1).max(PASSKEY_NAME_MAX_LENGTH);

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/);

const extensionResults = z.record(z.string(), z.unknown()).default({});
const attachment = z.enum(['platform', 'cross-platform']).optional();

/** RegistrationResponseJSON of navigator.credentials.create(), as startRegistration answers it. */
export const registrationCredentialSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(8192).optional(),
    transports: z.array(z.string().max(32)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  clientExtensionResults: extensionResults,
  authenticatorAttachment: attachment,
});

/** AuthenticationResponseJSON of navigator.credentials.get(), as startAuthentication answers it. */
export const authenticationCredentialSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(8192),
    userHandle: base64url(256).optional(),
  }),
  clientExtensionResults: extensionResults,
  authenticatorAttachment: attachment,
});

/** One passkey of the account, as the Security tab lists it. */
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Synced by its provider (iCloud Keychain, Google Password Manager…): the backup flags. */
  backed_up: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListResponseSchema = z.object({ data: z.array(passkeySchema) });
export const passkeyResponseSchema = z.object({ data: passkeySchema });
export const passkeyIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * A started ceremony: `payload` names its single-use challenge (posted back with the answer),
 * `options` go to @simplewebauthn/browser as they are.
 */
export const passkeyCeremonySchema = z.object({
  payload: z.uuid(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyCeremony = z.infer<typeof passkeyCeremonySchema>;

/** POST /api/passkeys/registration */
export const passkeyRegisterRequestSchema = z
  .object({ payload: z.uuid(), name: passkeyNameSchema, credential: registrationCredentialSchema })
  .strict();

/** PATCH /api/passkeys/{id} */
export const passkeyRenameRequestSchema = z.object({ name: passkeyNameSchema }).strict();

/**
 * POST /api/passkeys/login/options: without `payload` a passwordless sign-in (any passkey of the
 * edition, the browser's autofill too); with the payload of a password login that asked for MFA,
 * the passkey as its second factor.
 */
export const passkeyLoginOptionsRequestSchema = z.object({ payload: z.uuid().optional() }).strict();

/** POST /api/passkeys/login */
export const passkeyLoginRequestSchema = z
  .object({
    payload: z.uuid(),
    credential: authenticationCredentialSchema,
    isTrustedDevice: z.boolean().optional(),
  })
  .strict();
/** A session, as POST /api/token and POST /api/mfa/sudo answer it; a passkey login starts elevated. */
export const passkeyLoginResponseSchema = z.object({
  access_token: z.string(),
  weak_password: z.boolean().optional(),
  sudo: z.boolean(),
});
export type PasskeyLoginResponse = z.infer<typeof passkeyLoginResponseSchema>;

/** POST /api/passkeys/sudo/options */
export const passkeySudoOptionsRequestSchema = z.object({ single: z.boolean().optional() }).strict();
/** POST /api/passkeys/sudo */
export const passkeySudoRequestSchema = z
  .object({ payload: z.uuid(), credential: authenticationCredentialSchema })
  .strict();
export const passkeySudoResponseSchema = z.object({ sudo: z.literal(true) });
