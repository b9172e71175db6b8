/**
 * SimpleWebAuthn, loaded by the first passkey ceremony rather than at start: its CBOR, ASN.1 and
 * certificate code is 5 MB of heap that a server whose users have no passkey never needs
 * (decision 0059). One import, shared by every caller.
 */
let loaded: Promise<typeof import('@simplewebauthn/server')> | undefined;

export function webauthn(): Promise<typeof import('@simplewebauthn/server')> {
  loaded ??= import('@simplewebauthn/server');
  return loaded;
}
