import { generateKeyPairSync, verify } from 'node:crypto';
import { ExternalSigningKey, type JWK } from 'oidc-provider';
import { describe, expect, it } from 'vitest';
import { providerSigningKeys } from '../../src/flows/oauth/signing-keys';

// Decision 0062: P-256 keys sign ES256 through node:crypto behind oidc-provider's
// ExternalSigningKey; RSA keys stay JWKs that the provider signs with itself.

function privateJwk(kind: 'ec' | 'rsa', kid: string, alg: string): JWK {
  const { privateKey } =
    kind === 'ec'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid, alg, use: 'sig' };
}

describe('provider signing keys', () => {
  const ec = privateJwk('ec', 'ec-key', 'ES256');
  const rsa = privateJwk('rsa', 'rsa-key', 'RS256');
  const [rsaKey, ecKey] = providerSigningKeys([rsa, ec]);

  it('keeps RSA keys as they are and makes P-256 keys external signers with their kid and alg', () => {
    expect(rsaKey).toBe(rsa);
    expect(ecKey).toBeInstanceOf(ExternalSigningKey);
    expect(ecKey).toMatchObject({ kid: 'ec-key', alg: 'ES256', use: 'sig', kty: 'EC', crv: 'P-256' });
  });

  it('publishes the public half only: the same x and y, no private part', () => {
    const external = ecKey as ExternalSigningKey;
    expect({ x: external.x, y: external.y }).toEqual({ x: ec.x, y: ec.y });
    expect(external.keyObject()).toMatchObject({ type: 'public' });
    expect((external as unknown as { d?: string }).d).toBeUndefined();
  });

  it('signs in the JWS form of ES256 (r‖s, 64 bytes), verifiable with the published key', async () => {
    const external = ecKey as ExternalSigningKey;
    const data = Buffer.from('header.payload');
    const signature = await external.sign(data);
    expect(signature).toHaveLength(64);
    const publicKey = await external.keyObject();
    expect(verify('sha256', data, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)).toBe(true);
    expect(
      verify('sha256', Buffer.from('header.other'), { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature),
    ).toBe(false);
  });
});
