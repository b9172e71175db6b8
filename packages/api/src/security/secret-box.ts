import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (DESIGN §4, decision 0067): AES-256-GCM under a keyring for TOTP secrets, card
 * numbers, national register numbers, IBANs, outbox bodies and signing keys; a keyed hash
 * (HMAC-SHA-256 with a sub-key) for one-time codes and recovery keys; and a blind index (HMAC-SHA-256
 * under another sub-key) so an identifier can be looked up without storing it in clear.
 *
 * The first key of the ring is the active one: it seals, hashes and indexes. Older keys only open,
 * verify and find what was written under them, until `keys rotate` has moved everything over.
 */
export interface SecretBox {
  /** Sealed under the active key: `v2:<key id>:<iv>:<tag>:<body>`. */
  encrypt(plaintext: string): string;
  /** Opens a value sealed under any key of the ring (v1 values, without key id, by trying each). */
  decrypt(sealed: string): string;
  /** Keyed hash of a short secret under the active key, bound to a context such as a challenge id. */
  hash(context: string, secret: string): string;
  /** The same hash under every key of the ring, active first: what a stored hash may be. */
  hashes(context: string, secret: string): string[];
  /** Blind index of a normalised identifier under the active key. */
  blindIndex(kind: IdentifierKind, value: string): string;
  /** The blind index under every key of the ring, active first: what a stored index may be. */
  blindIndexes(kind: IdentifierKind, value: string): string[];
  /** The active key's id, and every id of the ring (active first). */
  readonly activeKeyId: string;
  readonly keyIds: readonly string[];
}

/** What a blind index is of: a card number, a national register number. */
export type IdentifierKind = 'pan' | 'nrn';

const LEGACY_VERSION = 'v1';
const VERSION = 'v2';

interface RingKey {
  id: string;
  encryption: Buffer;
  hash: Buffer;
  index: Buffer;
}

function subKey(key: Buffer, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), label, 32));
}

/** A key's public name: 8 hex characters derived from it, so the ring needs no configured ids. */
export function keyIdOf(key: Buffer): string {
  return subKey(key, 'vestibule:key-id').subarray(0, 4).toString('hex');
}

function ringKey(key: Buffer): RingKey {
  if (key.length !== 32) throw new Error('the encryption key must be 32 bytes');
  return {
    id: keyIdOf(key),
    encryption: subKey(key, 'vestibule:aes-gcm'),
    hash: subKey(key, 'vestibule:code-hash'),
    index: subKey(key, 'vestibule:blind-index'),
  };
}

/** The key id a sealed value names; null for a v1 value (sealed before the keyring) or clear text. */
export function sealedKeyId(sealed: string): string | null {
  const [version, id] = sealed.split(':', 2);
  return version === VERSION && id ? id : null;
}

function seal(key: RingKey, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.encryption, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [
    VERSION,
    key.id,
    iv.toString('base64url'),
    tag.toString('base64url'),
    body.toString('base64url'),
  ].join(':');
}

function open(key: RingKey, iv: string, tag: string, body: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key.encryption, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Opens a v1 value (no key id) with whichever key of the ring authenticates it. */
function openLegacy(ring: readonly RingKey[], iv: string, tag: string, body: string): string {
  for (const key of ring) {
    try {
      return open(key, iv, tag, body);
    } catch {
      // the GCM tag fails under any other key: try the next one
    }
  }
  throw new Error('no key of ENCRYPTION_KEY opens this value');
}

/** A keyring: the active key first, then older keys still needed to open what they sealed. */
export function createSecretBox(keys: Buffer | readonly Buffer[]): SecretBox {
  const ring = (Buffer.isBuffer(keys) ? [keys] : keys).map(ringKey);
  const active = ring[0];
  if (!active) throw new Error('the keyring needs at least one key');
  const byId = new Map(ring.map((key) => [key.id, key]));
  const hashUnder = (key: RingKey, context: string, secret: string) =>
    createHmac('sha256', key.hash).update(`${context}\u0000${secret}`).digest('hex');
  const indexUnder = (key: RingKey, kind: IdentifierKind, value: string) =>
    createHmac('sha256', key.index).update(`${kind}\u0000${value}`).digest('hex');
  return {
    activeKeyId: active.id,
    keyIds: ring.map((key) => key.id),
    encrypt: (plaintext) => seal(active, plaintext),
    decrypt(sealed) {
      const parts = sealed.split(':');
      if (parts[0] === LEGACY_VERSION && parts.length === 4) {
        const [, iv, tag, body] = parts as [string, string, string, string];
        return openLegacy(ring, iv, tag, body);
      }
      const [version, id, iv, tag, body] = parts;
      if (version !== VERSION || !id || !iv || !tag || body === undefined || parts.length !== 5) {
        throw new Error('unknown sealed format');
      }
      const key = byId.get(id);
      if (!key) throw new Error(`sealed under key ${id}, which ENCRYPTION_KEY does not hold`);
      return open(key, iv, tag, body);
    },
    hash: (context, secret) => hashUnder(active, context, secret),
    hashes: (context, secret) => ring.map((key) => hashUnder(key, context, secret)),
    blindIndex: (kind, value) => indexUnder(active, kind, value),
    blindIndexes: (kind, value) => ring.map((key) => indexUnder(key, kind, value)),
  };
}
