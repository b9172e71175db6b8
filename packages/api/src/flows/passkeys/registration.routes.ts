import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { EditionId } from '@vestibule/contract/editions';
import { emptySchema } from '@vestibule/contract/schemas/common';
import {
  passkeyCeremonySchema,
  passkeyRegisterRequestSchema,
  passkeyResponseSchema,
} from '@vestibule/contract/schemas/passkeys';
import { primaryVerifiedContact } from '../../account/contacts';
import { listPasskeys, toPasskey, userHandleOf } from '../../account/passkeys';
import { hasSudo, requireSudo } from '../../account/step-up';
import { requireUser } from '../../account/users';
import { audit } from '../../db/audit';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';
import { limitCodeChecking } from '../../security/challenges/challenge.rate-limits';
import { CEREMONY_TIMEOUT_MS, startCeremony, takeCeremony } from './ceremony';
import { relyingPartyOf } from './relying-party';
import { webauthn } from './webauthn';

/**
 * Ed25519, ES256 and RS256: what authenticators use, verified by Node's stable crypto. The
 * library's default list also offers ML-DSA, whose Web Crypto support in Node is still
 * experimental (and Chromium's virtual authenticator picks it).
 */
const PASSKEY_ALGORITHMS = [-8, -7, -257];

/**
 * POST /api/passkeys/registration/options: starts adding a passkey, behind a step-up (403
 * sudo_required; a single grant is used when the passkey is saved). A discoverable credential
 * (resident key) with user verification, attestation `none`; the account's passkeys of this
 * edition are excluded so an authenticator does not register twice.
 */
const registrationOptions = defineRoute({
  method: 'POST',
  url: '/passkeys/registration/options',
  summary: 'WebAuthn options to register a passkey',
  auth: 'user',
  body: emptySchema.optional(),
  response: passkeyCeremonySchema,
  handler: async function registrationOptions({ auth, request, db, config }) {
    if (!hasSudo(auth)) throw new ApiError('sudo_required');
    await limitCodeChecking(request, auth.userId);
    const user = await requireUser(db, auth);
    const edition = request.edition.id as EditionId;
    const rp = relyingPartyOf(config, edition);
    const existing = await listPasskeys(db, user.id, edition);
    const userHandle = await userHandleOf(db, user.id);
    const options = await (await webauthn()).generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      // The name the browser shows in its passkey list: the login the user knows.
      userName:
        (await primaryVerifiedContact(db, user.id, 'email')) ??
        (await primaryVerifiedContact(db, user.id, 'sms')) ??
        `account-${user.id}`,
      userDisplayName: [user.firstname, user.lastname].filter(Boolean).join(' ') || undefined,
      userID: Buffer.from(userHandle, 'base64url'),
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: row.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
    return startCeremony(request, options, {
      purpose: 'passkey_register',
      userId: user.id,
      sessionId: auth.sessionId,
      data: { user_handle: userHandle },
    });
  },
});

/**
 * POST /api/passkeys/registration {payload, name, credential}: verifies the new credential
 * (challenge, origin and RP ID of the edition, user verification) and saves it with its name,
 * counter and backup flags. 409 passkey_duplicated when the credential id is already known here.
 */
const register = defineRoute({
  method: 'POST',
  url: '/passkeys/registration',
  summary: 'Register a passkey',
  auth: 'user',
  body: passkeyRegisterRequestSchema,
  response: passkeyResponseSchema,
  status: 201,
  handler: async function register({ body, auth, request, db, config }) {
    const edition = request.edition.id as EditionId;
    await limitCodeChecking(request, auth.userId);
    const ceremony = await takeCeremony(request, body.payload, 'passkey_register', auth.sessionId);
    if (ceremony.user_id !== auth.userId) throw new ApiError('challenge_expired');
    const rp = relyingPartyOf(config, edition);
    const verified = await (await webauthn())
      .verifyRegistrationResponse({
        response: body.credential as RegistrationResponseJSON,
        expectedChallenge: ceremony.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      })
      .catch((error: Error) => {
        request.log.info({ reason: error.message }, 'passkey registration refused');
        return undefined;
      });
    const info = verified?.verified ? verified.registrationInfo : undefined;
    // The id the browser names must be the one inside the signed authenticator data.
    if (!info?.userVerified || info.credential.id !== body.credential.id)
      throw new ApiError('passkey_invalid');
    const row = await db.transaction().execute(async (trx) => {
      await requireSudo(trx, auth);
      const taken = await trx
        .selectFrom('passkeys')
        .select('id')
        .where('edition', '=', edition)
        .where('credential_id', '=', info.credential.id)
        .executeTakeFirst();
      if (taken) throw new ApiError('passkey_duplicated');
      const saved = await trx
        .insertInto('passkeys')
        .values({
          user_id: auth.userId,
          edition,
          credential_id: info.credential.id,
          public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
          user_handle: String(ceremony.data.user_handle),
          sign_count: info.credential.counter,
          transports: JSON.stringify(body.credential.response.transports ?? []),
          device_type: info.credentialDeviceType,
          backed_up: info.credentialBackedUp,
          aaguid: info.aaguid,
          name: body.name,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(
        trx,
        { kind: 'passkey.added', userId: auth.userId, edition, detail: { passkey_id: saved.id } },
        request,
      );
      return saved;
    });
    return { data: toPasskey(row) };
  },
});

export const passkeyRegistrationRoutes = [registrationOptions, register];
