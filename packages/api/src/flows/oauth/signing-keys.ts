import { createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject, sign } from 'node:crypto';
import { ExternalSigningKey, type JWK } from 'oidc-provider';

/**
 * A P-256 key whose ES256 signatures are made by node:crypto's synchronous `sign` instead of
 * jose's WebCrypto path (decision 0062): the same signature (IEEE P1363 r‖s, as JWS requires) for
 * about a third of the CPU (0.05 ms against 0.13–0.15 ms per signature, mostly WebCrypto's promise
 * and job machinery), and every refresh signs one ID token. oidc-provider still chooses the key
 * and the algorithm, builds and serialises the JWT and publishes the public key: only the bytes of
 * the signature come from here, through its `ExternalSigningKey` interface (an experimental
 * feature, acknowledged in provider.ts so an oidc-provider release that changes it fails at start).
 */
class NodeEs256Key extends ExternalSigningKey {
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;

  constructor(jwk: JWK) {
    super();
    this.#privateKey = createPrivateKey({ key: jwk as JsonWebKey, format: 'jwk' });
    this.#publicKey = createPublicKey(this.#privateKey);
    (this as { kid: string | undefined }).kid = jwk.kid;
    (this as { alg: string | undefined }).alg = 'ES256';
  }

  override keyObject(): KeyObject {
    return this.#publicKey;
  }

  override sign(data: Uint8Array): Uint8Array {
    return sign('sha256', data, { key: this.#privateKey, dsaEncoding: 'ieee-p1363' });
  }
}

/** The feature flag that lets oidc-provider take NodeEs256Key in its key set. */
export const EXTERNAL_SIGNING = { enabled: true, ack: 'experimental-01' } as const;

/**
 * The provider's key set: P-256 keys (ES256) sign through node:crypto, RSA keys (RS256) stay JWKs
 * that oidc-provider signs with jose (in libuv's thread pool: a 1 ms RSA signature does not hold
 * the event loop).
 */
export function providerSigningKeys(keys: readonly JWK[]): Array<JWK | ExternalSigningKey> {
  return keys.map((jwk) => (jwk.kty === 'EC' && jwk.crv === 'P-256' && jwk.d ? new NodeEs256Key(jwk) : jwk));
}
