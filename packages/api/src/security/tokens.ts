import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque 256-bit token, URL-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, never the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A numeric one-time code of `length` digits from the CSPRNG. */
export function newNumericCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += randomInt(10).toString();
  return code;
}
