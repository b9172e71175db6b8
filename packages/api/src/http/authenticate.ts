import type { FastifyRequest } from 'fastify';
import { findLiveSession, touchSession } from '../flows/sessions/session.queries';
import { ApiError } from './api-error';

export interface AuthContext {
  userId: number;
  sessionId: number;
  token: string;
}

const TOUCH_INTERVAL_MS = 60_000;

/** The bearer token of a request, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(header) : null;
  return match?.[1];
}

/**
 * The user behind the request's bearer token. The session must be live and belong to the
 * request's edition: a token of one edition is worthless on the other's host.
 */
export async function authenticate(request: FastifyRequest): Promise<AuthContext> {
  const token = bearerToken(request);
  if (!token) throw new ApiError('unauthorized');
  const { db } = request.server.ctx;
  const session = await findLiveSession(db, token);
  if (!session || session.edition !== request.edition.id) throw new ApiError('unauthorized');
  if (Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS)
    await touchSession(db, session.sessionId);
  return { userId: session.userId, sessionId: session.sessionId, token };
}
