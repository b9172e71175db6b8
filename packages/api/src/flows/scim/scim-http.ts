import { controlCharacterAt } from '@vestibule/contract/control-characters';
import { errorMessage } from '@vestibule/contract/i18n/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isMaintenanceOn } from '../../db/maintenance';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { ApiError } from '../../http/api-error';
import { overLimit } from '../../http/enforce-limit';
import type { RateLimitRule } from '../../security/rate-limit';
import { errorBody, isScimError, scimError } from './errors';
import { etagOf } from './resource';
import { findScimCaller, type ScimCaller } from './tokens';
import type { ScimUserRow } from './users.queries';

// The HTTP side of /scim/v2: the company's token and budget, SCIM bodies in and out, SCIM errors.

const SCIM_TYPE = 'application/scim+json; charset=utf-8';

/** Requests a token may make per minute (an HR sync of a few thousand people fits in minutes). */
const TOKEN_RULE: RateLimitRule = { name: 'scim:token', limit: 300, windowSeconds: 60 };
/** Unknown or revoked tokens one address may present per 15 minutes. */
const BAD_TOKEN_RULE: RateLimitRule = { name: 'scim:bad-token:ip', limit: 30, windowSeconds: 900 };

declare module 'fastify' {
  interface FastifyRequest {
    scimCaller?: ScimCaller;
  }
}

export function send(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).type(SCIM_TYPE).send(JSON.stringify(body));
}

export function sendError(
  reply: FastifyReply,
  status: number,
  scimType: string | null | undefined,
  detail: string,
) {
  return send(reply, status, errorBody(status, scimType, detail));
}

/** Fastify's own refusals (body too large, wrong media type) in SCIM's words. */
function fromFastify(error: FastifyError): [number, string | null, string] | undefined {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return [413, null, 'The body is too large'];
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return [415, null, 'Send the body as application/scim+json (or application/json)'];
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return [400, 'invalidSyntax', 'The request is malformed'];
  return undefined;
}

/**
 * scimmy checks what it is given with TypeErrors (a null PATCH operation, an empty attribute
 * name): thrown from its own code, such an error is bad input, not a fault of ours.
 */
function isScimmyInputError(error: Error): boolean {
  const thrownAt = error.stack?.split('\n').find((line) => line.trim().startsWith('at ')) ?? '';
  return error instanceof TypeError && /[\\/]node_modules[\\/]scimmy[\\/]/.test(thrownAt);
}

/** Every failure as a SCIM error body; nothing unexpected tells more than "server error". */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isScimError(error)) return sendError(reply, error.status, error.scimType, error.message);
  if (isScimmyInputError(error)) return sendError(reply, 400, 'invalidValue', error.message);
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.options.headers ?? {})) reply.header(name, value);
    return sendError(reply, error.status, null, errorMessage(error.code, 'en'));
  }
  const framework = fromFastify(error);
  if (framework) return sendError(reply, ...framework);
  if (isDatabaseUnavailable(error)) {
    reply.header('retry-after', '5');
    return sendError(reply, 503, null, 'The service is unavailable; try again shortly');
  }
  request.log.error({ err: error }, 'unexpected SCIM error');
  return sendError(reply, 500, null, 'An error has occurred');
}

/** The company's token, its budget counted; an unknown one counts against the address. */
export async function authenticateCompany(request: FastifyRequest, reply: FastifyReply) {
  const header = request.headers.authorization ?? '';
  const token = /^Bearer ([\w-]{1,100})$/i.exec(header)?.[1];
  const caller = token ? await findScimCaller(request.server.ctx.db, token) : undefined;
  if (!caller) {
    const wait = await overLimit(request, BAD_TOKEN_RULE, request.ip);
    if (wait !== undefined)
      throw new ApiError('too_many_attempts', { headers: { 'retry-after': String(wait) } });
    reply.header('www-authenticate', 'Bearer realm="scim"');
    throw scimError(401, null, 'A valid company token is required (Authorization: Bearer scim_…)');
  }
  const wait = await overLimit(request, TOKEN_RULE, String(caller.tokenId));
  if (wait !== undefined)
    throw new ApiError('too_many_attempts', { headers: { 'retry-after': String(wait) } });
  // The maintenance switch holds provisioning too: HR systems retry a 503 later.
  if (await isMaintenanceOn(request.server.ctx.db)) {
    reply.header('retry-after', '60');
    throw scimError(503, null, 'The service is under maintenance; try again later');
  }
  request.scimCaller = caller;
}

/** A control character anywhere in the query or body is refused by name. */
export async function refuseControlCharacters(request: FastifyRequest) {
  for (const [where, value] of [
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const at = controlCharacterAt(value);
    if (at) throw scimError(400, 'invalidValue', `A control character in ${at === '(value)' ? where : at}`);
  }
}

export function callerOf(request: FastifyRequest): ScimCaller {
  return request.scimCaller as ScimCaller;
}

/** Locations are absolute on the public origin of the company's edition. */
export function absolute(request: FastifyRequest, document: unknown): unknown {
  const origin = request.server.ctx.config.publicUrls[callerOf(request).edition as 'general' | 'lu'];
  return JSON.parse(JSON.stringify(document), (key, value) =>
    key === 'location' && typeof value === 'string' && value.startsWith('/') ? `${origin}${value}` : value,
  );
}

/** If-Match, when sent, must name the version the change applies to (412 otherwise). */
export function checkIfMatch(request: FastifyRequest, row: ScimUserRow) {
  const wanted = request.headers['if-match'];
  if (wanted === undefined || wanted === '*') return;
  const tags = wanted.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (!tags.includes(`"${row.version}"`))
    throw scimError(412, null, `The User changed: its version is now ${etagOf(row.version)}`);
}

export function parseJson(
  _request: FastifyRequest,
  body: string,
  done: (error: Error | null, value?: unknown) => void,
) {
  if (body === '') return done(null, undefined);
  try {
    done(null, JSON.parse(body));
  } catch {
    done(scimError(400, 'invalidSyntax', 'The body is not valid JSON'), undefined);
  }
}

/** An endpoint this server does not offer. */
export async function unknownEndpoint(_request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, 404, null, 'No such SCIM endpoint');
}

const RESOURCE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A User id is a UUID; anything else names no resource (and never reaches a filter). */
export async function refuseMalformedId(request: FastifyRequest) {
  const { id } = (request.params ?? {}) as { id?: string };
  if (id !== undefined && request.url.includes('/Users/') && !RESOURCE_ID.test(id))
    throw scimError(404, null, 'Resource not found');
}
