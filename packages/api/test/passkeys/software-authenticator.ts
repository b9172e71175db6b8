import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

// A software WebAuthn authenticator for the API tests: it answers the server's options the way a
// browser and a real passkey do — a P-256 key pair, an attestation object (format `none`) with the
// COSE public key in CBOR, and assertions signed over authenticatorData ‖ SHA-256(clientDataJSON).
// Nothing is faked on the server side: SimpleWebAuthn verifies these like any other answer.

/** Minimal CBOR (RFC 8949) for what WebAuthn needs: integers, byte and text strings, maps. */
function cbor(value: number | Uint8Array | string | Map<number | string, unknown>): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    if (length < 65_536) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
    throw new Error('too long for this encoder');
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string')
    return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item as Parameters<typeof cbor>[0]));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

export interface StoredCredential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

export interface AuthenticatorOptions {
  /** Whether the user is verified (PIN, biometrics): required by the portal. */
  userVerified?: boolean;
  /** A synced passkey: backup eligible and backed up. */
  synced?: boolean;
  /** Whether the authenticator keeps a signature counter (many synced passkeys answer 0). */
  counter?: boolean;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(private readonly options: AuthenticatorOptions = {}) {}

  private flags(extra: number): number {
    let flags = FLAG_UP | extra;
    if (this.options.userVerified !== false) flags |= FLAG_UV;
    if (this.options.synced) flags |= FLAG_BE | FLAG_BS;
    return flags;
  }

  private counterBytes(credential: StoredCredential): Buffer {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(this.options.counter === false ? 0 : credential.counter);
    return bytes;
  }

  /**
   * navigator.credentials.create(): a new discoverable credential, as RegistrationResponseJSON.
   * `reuseId` plays a (broken or malicious) authenticator that answers an id already registered.
   */
  create(raw: Record<string, unknown>, origin: string, reuseId?: Buffer) {
    const options = raw as unknown as CreationOptions;
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credential: StoredCredential = {
      id: reuseId ?? randomBytes(16),
      rpId,
      userHandle: options.user.id,
      privateKey,
      publicKey,
      counter: 0,
    };
    this.credentials.push(credential);
    const coseKey = cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x as string, 'base64url')],
        [-3, Buffer.from(jwk.y as string, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(FLAG_AT)]),
      this.counterBytes(credential),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      coseKey,
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }),
    );
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const id = credential.id.toString('base64url');
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /**
   * navigator.credentials.get(): an assertion of the first credential allowed (or any for the
   * RP, a discoverable sign-in), as AuthenticationResponseJSON. `rpId` and `origin` may be forced
   * to play a phishing site or the other edition.
   */
  get(raw: Record<string, unknown>, origin: string, pick?: StoredCredential) {
    const options = raw as unknown as RequestOptions;
    const rpId = options.rpId ?? new URL(origin).hostname;
    const allowed = options.allowCredentials?.map((c) => c.id);
    const credential =
      pick ??
      this.credentials.find(
        (c) => c.rpId === rpId && (!allowed?.length || allowed.includes(c.id.toString('base64url'))),
      );
    if (!credential) throw new Error(`no credential for ${rpId}`);
    credential.counter += 1;
    const authData = Buffer.concat([
      sha256(credential.rpId),
      Buffer.from([this.flags(0)]),
      this.counterBytes(credential),
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }),
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    const id = credential.id.toString('base64url');
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}
