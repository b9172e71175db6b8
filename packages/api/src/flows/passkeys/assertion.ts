import type { AuthenticationResponseJSON, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { EditionId } from '@vestibule/contract/editions';
import type { authenticationCredentialSchema } from '@vestibule/contract/schemas/passkeys';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { findByCredentialId, type PasskeyRow, recordUse } from '../../account/passkeys';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { relyingPartyOf } from './relying-party';
import { webauthn } from './webauthn';

export type AssertionCredential = z.infer<typeof authenticationCredentialSchema>;

/**
 * Checks a browser's assertion against a passkey of the request's edition: the challenge of the
 * ceremony, the edition's origin and RP ID, user verification (required), the signature, the
 * counter (it must grow when the authenticator keeps one) and the backup flags (a passkey cannot
 * change from single-device to synced). Stores the counter, the backup state and the time of use.
 * A passkey unknown to this edition — another edition's, or deleted — is refused alike. Pass the
 * pool, not a transaction: a refusal is audited even though the request then fails.
 */
export async function verifyAssertion(
  db: Db,
  request: FastifyRequest,
  input: { credential: AssertionCredential; challenge: string; userId?: number },
): Promise<PasskeyRow> {
  const edition = request.edition.id as EditionId;
  const passkey = await findByCredentialId(db, edition, input.credential.id);
  if (!passkey || (input.userId !== undefined && passkey.user_id !== input.userId))
    throw new ApiError('passkey_invalid');
  const rp = relyingPartyOf(request.server.ctx.config, edition);
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await (await webauthn()).verifyAuthenticationResponse({
      response: input.credential as AuthenticationResponseJSON,
      expectedChallenge: input.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credential_id,
        publicKey: Buffer.from(passkey.public_key, 'base64url'),
        counter: Number(passkey.sign_count),
        transports: passkey.transports,
      },
    });
  } catch (error) {
    // The library throws on a bad challenge, origin, RP ID, signature or a counter that did not
    // grow (a cloned authenticator); the reason goes to the log, never a secret.
    request.log.info(
      { reason: (error as Error).message, passkeyId: passkey.id },
      'passkey assertion refused',
    );
    verified = { verified: false } as typeof verified;
  }
  const info = verified.verified ? verified.authenticationInfo : undefined;
  if (!info?.userVerified || info.credentialDeviceType !== passkey.device_type) {
    await audit(db, { kind: 'passkey.failed', userId: passkey.user_id, edition }, request);
    throw new ApiError('passkey_invalid');
  }
  await recordUse(db, passkey.id, { counter: info.newCounter, backedUp: info.credentialBackedUp });
  return passkey;
}
