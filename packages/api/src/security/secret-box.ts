import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (DESIGN §4): AES-256-GCM with the configured key for TOTP secrets, and a keyed
 * hash (HMAC-SHA-256 with a sub-key) for one-time codes and recovery keys, so that a leaked table
 * cannot be brute-forced offline without the key.
 */
export interface SecretBox {
  encrypt(plaintext: string): string;
  decrypt(sealed: string): string;
  /** Keyed hash of a short secret, bound to a context such as a challenge id. */
  hash(context: string, secret: string): string;
}

const VERSION = 'v1';

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the encryption key must be 32 bytes');
  const encryptionKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'vestibule:aes-gcm', 32));
  const hashKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'vestibule:code-hash', 32));
  return {
    encrypt(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join(
        ':',
      );
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unknown sealed format');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
    hash(context, secret) {
      return createHmac('sha256', hashKey).update(`${context}\u0000${secret}`).digest('hex');
    },
  };
}
