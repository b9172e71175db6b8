import type { FastifyReply, FastifyRequest } from 'fastify';

// OpenID Connect Core 3.1.2.1 (authorization endpoint) and RP-Initiated Logout 1.0 §2 (logout
// endpoint) MUST take POST as well as GET. oidc-provider serves POST only with SameSite=None
// cookies, which would loosen every other cookie of the portal; instead a form-encoded POST is
// answered with a 303 to the same endpoint carrying the same parameters (decision 0031). The
// browser then makes a top-level GET, which carries the SameSite=Lax cookies a cross-site POST
// would not, so a live session is recognised exactly as with GET.

/** Endpoints taken over POST this way. */
export const POSTABLE_ENDPOINTS = new Set(['/oauth/auth', '/oauth/session/end']);

/** Far above any real request (PKCE, state, nonce, hints, an id_token_hint): no upload here. */
const MAX_BODY_BYTES = 16 * 1024;

async function readBody(request: FastifyRequest): Promise<string | undefined> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Answers a form-encoded POST with a 303 to the GET form of the same request. */
export async function redirectPostedRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  headers: Record<string, string>,
) {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  const body = type === 'application/x-www-form-urlencoded' ? await readBody(request) : undefined;
  if (body === undefined)
    return reply.code(400).headers(headers).send({
      error: 'invalid_request',
      error_description: 'only application/x-www-form-urlencoded bodies up to 16 KB are accepted',
    });
  // Re-encoded, so that only name=value pairs travel on.
  const query = new URLSearchParams(body).toString();
  return reply
    .code(303)
    .headers({ ...headers, 'cache-control': 'no-store' })
    .redirect(query ? `${path}?${query}` : path, 303);
}
