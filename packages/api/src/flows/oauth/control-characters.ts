import type { IncomingMessage } from 'node:http';
import { controlCharacterAt } from '@vestibule/contract/control-characters';
import type { FastifyReply, FastifyRequest } from 'fastify';

// A control character in an OAuth parameter (a NUL in client_id, code, state, nonce…) is refused
// here, before oidc-provider: PostgreSQL refuses a NUL in text and jsonb, so one that reached a
// query or a stored payload was a server_error.

/** oidc-provider's own limit on a request body. */
const MAX_BODY_BYTES = 56 * 1024;

/** Endpoints a browser navigates to: their errors go to the partner page, as renderError does. */
const BROWSER_PATHS = /^\/oauth\/(auth|session\/end)(\/|$)/;

function paramsHoldControlCharacter(text: string): boolean {
  const params = new URLSearchParams(text);
  return (
    controlCharacterAt(Object.fromEntries([...params.keys()].map((key) => [key, params.getAll(key)]))) !==
    undefined
  );
}

/** The client id and secret of HTTP Basic client authentication, decoded as oidc-provider does. */
function basicCredentials(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  if (!/^basic /i.test(header)) return '';
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  try {
    return decoded.split(':').map(decodeURIComponent).join(':');
  } catch {
    return decoded;
  }
}

async function readBody(raw: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The same request with its body read again from memory: oidc-provider reads the body from the
 * stream itself, and this check has already consumed it.
 */
function replay(raw: IncomingMessage, body: Buffer): IncomingMessage {
  // Not an ES import of node:http: that would load undici at start (decision 0061);
  // getBuiltinModule answers the CommonJS exports and leaves them lazy.
  const { IncomingMessage } = process.getBuiltinModule('node:http');
  const copy = new IncomingMessage(raw.socket);
  copy.method = raw.method;
  copy.url = raw.url;
  copy.headers = raw.headers;
  copy.rawHeaders = raw.rawHeaders;
  copy.httpVersion = raw.httpVersion;
  copy.httpVersionMajor = raw.httpVersionMajor;
  copy.httpVersionMinor = raw.httpVersionMinor;
  // Complete: Node destroys the socket under an incomplete message once it is read.
  copy.complete = true;
  copy.push(body);
  copy.push(null);
  return copy;
}

function hasBody(request: FastifyRequest): boolean {
  return request.method === 'POST' && Boolean(request.headers['content-type']);
}

export type OAuthInput = { refused: true } | { refused: false; raw: IncomingMessage };

/**
 * Checks the query, the Basic credentials and the form body of an /oauth request for control
 * characters; answers the request to hand on (its body replayed when it was read).
 */
export async function checkOAuthInput(request: FastifyRequest): Promise<OAuthInput> {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  if (paramsHoldControlCharacter(query) || controlCharacterAt(basicCredentials(request)))
    return { refused: true };
  if (!hasBody(request)) return { refused: false, raw: request.raw };
  const body = await readBody(request.raw);
  // Over oidc-provider's own limit, which it would refuse as well.
  if (body === undefined) return { refused: true };
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  const text = body.toString('utf8');
  const refused =
    type === 'application/json' ? jsonHoldsControlCharacter(text) : paramsHoldControlCharacter(text);
  return refused ? { refused: true } : { refused: false, raw: replay(request.raw, body) };
}

function jsonHoldsControlCharacter(text: string): boolean {
  try {
    return controlCharacterAt(JSON.parse(text)) !== undefined;
  } catch {
    return false;
  }
}

/** The refusal: the partner page for a browser, an OAuth error body (RFC 6749 §5.2) for a client. */
export function refuseOAuthInput(
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string>,
) {
  const path = request.url.split('?')[0] ?? '';
  if (BROWSER_PATHS.test(path))
    return reply.code(303).headers(headers).header('location', '/partner?error=invalid_request').send();
  return reply.code(400).headers(headers).send({
    error: 'invalid_request',
    error_description: 'control characters are not accepted in parameters',
  });
}
