import { createHash } from 'node:crypto';
import type { User } from '@vestibule/contract/schemas/user';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { ApiError } from '../http/api-error';
import { requireProfile } from './users';

// Optimistic concurrency on what the profile screens show and change (docs/decisions/0071): the
// answers that carry the user carry its version as an ETag; a change sent with If-Match applies
// only to that version, else 412 profile_changed with the current user, so no change is lost
// without the user knowing.

/** The parts of the user a person edits: names, gender, birth date, language, IBAN, contacts. */
function editablePart(user: User) {
  const { firstname, lastname, gender, birthdate, language, iban, country, email, phone } = user;
  return { firstname, lastname, gender, birthdate, language, iban, country, email, phone };
}

/** The strong entity tag of a user's editable part. */
export function profileTag(user: User): string {
  const digest = createHash('sha256')
    .update(JSON.stringify(editablePart(user)))
    .digest('base64url');
  return `"${digest.slice(0, 22)}"`;
}

/** The `{ data }` answer of a user, its version in the ETag header. */
export function taggedUser(reply: FastifyReply, user: User): { data: User } {
  reply.header('etag', profileTag(user));
  return { data: user };
}

/** If-Match holds `*` or this tag (RFC 9110 §13.1.1: a list, compared strongly). */
function ifMatchAllows(header: string, tag: string): boolean {
  return header.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === '*' || trimmed === tag;
  });
}

/**
 * The change applies to the version the client read: with If-Match, the user row is locked for the
 * change's transaction and a stale tag answers 412 with the current user and its tag. Without
 * If-Match (a script, an older client) the change applies as before.
 */
export async function requireCurrentProfile(db: Db, request: FastifyRequest, userId: number): Promise<void> {
  const expected = request.headers['if-match'];
  if (expected === undefined) return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const current = await requireProfile(db, request.server.ctx.secrets, userId);
  const tag = profileTag(current);
  if (!ifMatchAllows(expected, tag))
    throw new ApiError('profile_changed', { headers: { etag: tag }, extra: { data: current } });
}
