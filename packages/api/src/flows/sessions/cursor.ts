// Keyset cursors: opaque to clients (base64url), checked when read back. A cursor of a session
// page carries last_seen_at in microseconds since the epoch (PostgreSQL's precision) and the id.

export function encodeCursor(parts: readonly (string | number)[]): string {
  return Buffer.from(parts.join('.'), 'utf8').toString('base64url');
}

/** The integer parts of a cursor, or undefined when it is not one of ours. */
export function decodeCursor(cursor: string | undefined, count: number): bigint[] | undefined {
  if (!cursor) return undefined;
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  if (parts.length !== count || parts.some((part) => !/^\d{1,20}$/.test(part))) return undefined;
  return parts.map((part) => BigInt(part));
}
