import { controlCharacterAt } from '@vestibule/contract/control-characters';
import { errorMessage } from '@vestibule/contract/i18n/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import SCIMMY from 'scimmy';
import type { Db } from '../../db/database';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { ApiError } from '../../http/api-error';
import { overLimit } from '../../http/enforce-limit';
import type { RateLimitRule } from '../../security/rate-limit';
import { afterPortalSessionsEnded } from '../oauth/ended-sessions';
import { errorBody, isScimError, scimError } from './errors';
import { filterCondition } from './filter';
import { type Aftermath, deprovision, provision, update } from './provisioning';
import {
  DEFAULT_COUNT,
  etagOf,
  MAX_RESULTS,
  refuseUnknownAttributeNames,
  refuseUnknownAttributes,
  SCIM_BASE_PATH,
  type ScimUserInput,
  toScimUser,
  type UserHandlers,
} from './resource';
import { findScimCaller, type ScimCaller } from './tokens';
import { countScimUsers, findScimUser, type ScimUserRow, scimUserPageQuery } from './users.queries';

// SCIM 2.0 (RFC 7643, 7644) under /scim/v2 for the customer companies' HR systems (decision 0078):
// scimmy parses filters, PATCH operations and attribute lists and checks resources against the
// schema; these routes authenticate the company's token, count its budget and reach the database.

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

function send(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).type(SCIM_TYPE).send(JSON.stringify(body));
}

function sendError(reply: FastifyReply, status: number, scimType: string | null | undefined, detail: string) {
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

/** Every failure as a SCIM error body; nothing unexpected tells more than "server error". */
function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isScimError(error)) return sendError(reply, error.status, error.scimType, error.message);
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
async function authenticateCompany(request: FastifyRequest, reply: FastifyReply) {
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
  request.scimCaller = caller;
}

/** A control character anywhere in the query or body is refused by name. */
async function refuseControlCharacters(request: FastifyRequest) {
  for (const [where, value] of [
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const at = controlCharacterAt(value);
    if (at) throw scimError(400, 'invalidValue', `A control character in ${at === '(value)' ? where : at}`);
  }
}

function callerOf(request: FastifyRequest): ScimCaller {
  return request.scimCaller as ScimCaller;
}

/** Locations are absolute on the public origin of the company's edition. */
function absolute(request: FastifyRequest, document: unknown): unknown {
  const origin = request.server.ctx.config.publicUrls[callerOf(request).edition as 'general' | 'lu'];
  return JSON.parse(JSON.stringify(document), (key, value) =>
    key === 'location' && typeof value === 'string' && value.startsWith('/') ? `${origin}${value}` : value,
  );
}

/** If-Match, when sent, must name the version the change applies to (412 otherwise). */
function checkIfMatch(request: FastifyRequest, row: ScimUserRow) {
  const wanted = request.headers['if-match'];
  if (wanted === undefined || wanted === '*') return;
  const tags = wanted.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (!tags.includes(`"${row.version}"`))
    throw scimError(412, null, `The User changed: its version is now ${etagOf(row.version)}`);
}

type Query = Record<string, string | string[] | undefined>;

/** `attributes` and `excludedAttributes` as scimmy takes them, each name checked. */
function projection(query: Query) {
  const params: { attributes?: string; excludedAttributes?: string } = {};
  for (const name of ['attributes', 'excludedAttributes'] as const) {
    const value = query[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw scimError(400, 'invalidValue', `${name} is given once`);
    refuseUnknownAttributeNames(value);
    params[name] = value;
  }
  return params;
}

function integer(query: Query, name: string, fallback: number): number {
  const value = query[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^-?\d{1,9}$/.test(value))
    throw scimError(400, 'invalidValue', `${name} is an integer`);
  return Number(value);
}

/**
 * Runs a scimmy call with User handlers on `db`. scimmy turns an error it does not know into a
 * 404; the handlers keep the original (a database outage) and it is thrown again as it was.
 */
async function withHandlers<T>(
  request: FastifyRequest,
  db: Db,
  aftermath: Aftermath,
  call: (ctx: { handlers: UserHandlers }) => Promise<T>,
): Promise<T> {
  const caller = callerOf(request);
  let failure: unknown;
  const keep = async <R>(work: () => Promise<R>): Promise<R> => {
    try {
      return await work();
    } catch (error) {
      failure = error;
      throw error;
    }
  };
  const scope = { trx: db, request, caller, aftermath };
  const current = async (id: string) => {
    const row = await findScimUser(db, caller.companyId, id, { forUpdate: request.method !== 'GET' });
    if (!row) throw scimError(404, null, `Resource ${id} not found`);
    checkIfMatch(request, row);
    return row;
  };
  const handlers: UserHandlers = {
    read: (id) =>
      keep(() => (request.method === 'GET' ? findScimUser(db, caller.companyId, id) : current(id))),
    write: (id, instance: ScimUserInput) =>
      keep(async () =>
        id === undefined ? provision(scope, instance) : update(scope, await current(id), instance),
      ),
    remove: (id) => keep(async () => deprovision(scope, await current(id))),
  };
  try {
    return await call({ handlers });
  } catch (error) {
    throw failure !== undefined && !isScimError(failure) ? failure : error;
  }
}

/** A change in one transaction; sessions it ended are told to the authorization server after commit. */
async function change<T>(request: FastifyRequest, call: (ctx: { handlers: UserHandlers }) => Promise<T>) {
  const aftermath: Aftermath = { sessionsEnded: false };
  const result = await request.server.ctx.db
    .transaction()
    .execute((trx) => withHandlers(request, trx, aftermath, call));
  if (aftermath.sessionsEnded) await afterPortalSessionsEnded(request);
  return result;
}

function sendUser(request: FastifyRequest, reply: FastifyReply, status: number, user: unknown) {
  const document = absolute(request, user) as { meta?: { version?: string } };
  if (document.meta?.version) reply.header('etag', document.meta.version);
  if (status === 201 && document && typeof document === 'object' && 'meta' in document)
    reply.header('location', (document.meta as { location?: string }).location ?? '');
  return send(reply, status, document);
}

/** GET /Users: the company's people, filtered (userName, externalId, emails.value …) and paged. */
async function listUsers(request: FastifyRequest, reply: FastifyReply) {
  const query = request.query as Query;
  const { filter } = query;
  if (filter !== undefined && typeof filter !== 'string')
    throw scimError(400, 'invalidFilter', 'filter is given once');
  const resource = new SCIMMY.Resources.User(undefined, {
    ...(filter !== undefined ? { filter } : {}),
    ...projection(query),
  });
  const startIndex = Math.max(integer(query, 'startIndex', 1), 1);
  const count = Math.min(Math.max(integer(query, 'count', DEFAULT_COUNT), 0), MAX_RESULTS);
  const condition = resource.filter ? filterCondition(resource.filter) : undefined;
  const { db } = request.server.ctx;
  const caller = callerOf(request);
  const [totalResults, rows] = await Promise.all([
    countScimUsers(db, caller.companyId, condition),
    count ? scimUserPageQuery(db, caller.companyId, condition, startIndex - 1, count).execute() : [],
  ]);
  const Resources = rows.map(
    (row) => new SCIMMY.Schemas.User(toScimUser(row), 'out', `${SCIM_BASE_PATH}/Users`, resource.attributes),
  );
  return send(
    reply,
    200,
    absolute(request, {
      schemas: [SCIMMY.Messages.ListResponse.id],
      totalResults,
      startIndex,
      itemsPerPage: Resources.length,
      Resources,
    }),
  );
}

type IdParams = { id: string };

/** GET /Users/{id}: one person, projected by attributes / excludedAttributes. */
async function getUser(request: FastifyRequest<{ Params: IdParams }>, reply: FastifyReply) {
  const resource = new SCIMMY.Resources.User(request.params.id, projection(request.query as Query));
  const user = await withHandlers(request, request.server.ctx.db, { sessionsEnded: false }, (ctx) =>
    resource.read(ctx),
  );
  return sendUser(request, reply, 200, user);
}

/** POST /Users: a new person, invited to the company's edition. */
async function createUser(request: FastifyRequest, reply: FastifyReply) {
  refuseUnknownAttributes(request.body);
  const user = await change(request, (ctx) =>
    new SCIMMY.Resources.User(undefined, projection(request.query as Query)).write(request.body, ctx),
  );
  return sendUser(request, reply, 201, user);
}

/** PUT /Users/{id}: the record replaced; `active` suspends or restores access. */
async function replaceUser(request: FastifyRequest<{ Params: IdParams }>, reply: FastifyReply) {
  refuseUnknownAttributes(request.body);
  const resource = new SCIMMY.Resources.User(request.params.id, projection(request.query as Query));
  const user = await change(request, (ctx) => resource.write(request.body, ctx));
  return sendUser(request, reply, 200, user);
}

/** Azure/Entra sends booleans as "True"/"False": read them as the booleans they mean. */
function normaliseOperations(body: unknown): unknown {
  if (!body || typeof body !== 'object' || !Array.isArray((body as { Operations?: unknown }).Operations))
    return body;
  const operations = (body as { Operations: unknown[] }).Operations.map((operation) => {
    if (!operation || typeof operation !== 'object') return operation;
    const { op, value, ...rest } = operation as { op?: unknown; value?: unknown };
    const flag = (item: unknown) =>
      item === 'True' || item === 'true' ? true : item === 'False' || item === 'false' ? false : item;
    const path = typeof (rest as { path?: unknown }).path === 'string' ? (rest as { path: string }).path : '';
    const normalisedValue =
      path.toLowerCase() === 'active'
        ? flag(value)
        : value && typeof value === 'object' && !Array.isArray(value) && 'active' in value
          ? { ...value, active: flag((value as { active: unknown }).active) }
          : value;
    return { ...rest, op: typeof op === 'string' ? op.toLowerCase() : op, value: normalisedValue };
  });
  return { ...(body as object), Operations: operations };
}

/** PATCH /Users/{id}: RFC 7644 §3.5.2 operations; `active: false` suspends the account. */
async function patchUser(request: FastifyRequest<{ Params: IdParams }>, reply: FastifyReply) {
  const resource = new SCIMMY.Resources.User(request.params.id, projection(request.query as Query));
  const user = await change(request, (ctx) =>
    resource.patch(normaliseOperations(request.body) as Parameters<typeof resource.patch>[0], ctx),
  );
  if (!user) {
    // Nothing changed: the resource as it is (RFC 7644 §3.5.2 allows 204; clients prefer the body).
    return getUser(request, reply);
  }
  return sendUser(request, reply, 200, user);
}

/** DELETE /Users/{id}: deprovisioning (decision 0078). */
async function deleteUser(request: FastifyRequest<{ Params: IdParams }>, reply: FastifyReply) {
  const resource = new SCIMMY.Resources.User(request.params.id);
  await change(request, (ctx) => resource.dispose(ctx));
  return reply.code(204).send();
}

/** GET /ServiceProviderConfig: what this server supports (patch, filter, etag; no bulk, sort). */
async function serviceProviderConfig(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 200, absolute(request, await new SCIMMY.Resources.ServiceProviderConfig().read()));
}

/** GET /Schemas and /Schemas/{id}: the User schema. */
async function schemas(request: FastifyRequest<{ Params: Partial<IdParams> }>, reply: FastifyReply) {
  const { id } = request.params;
  return send(reply, 200, absolute(request, await new SCIMMY.Resources.Schema(id, {}).read()));
}

/** GET /ResourceTypes and /ResourceTypes/{id}: the User resource type. */
async function resourceTypes(request: FastifyRequest<{ Params: Partial<IdParams> }>, reply: FastifyReply) {
  const { id } = request.params;
  return send(reply, 200, absolute(request, await new SCIMMY.Resources.ResourceType(id, {}).read()));
}

function parseJson(
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

async function scimPlugin(scope: FastifyInstance) {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser(
    ['application/json', 'application/scim+json'],
    { parseAs: 'string' },
    (request, body, done) => parseJson(request, body as string, done),
  );
  // The form parser of the API is not SCIM's: such a body is 415 like any other media type.
  scope.removeContentTypeParser('application/x-www-form-urlencoded');
  scope.setErrorHandler(handleError);
  scope.addHook('onRequest', authenticateCompany);
  scope.addHook('preValidation', refuseMalformedId);
  scope.addHook('preHandler', refuseControlCharacters);
  scope.get('/ServiceProviderConfig', serviceProviderConfig);
  scope.get('/Schemas', schemas);
  scope.get('/Schemas/:id', schemas);
  scope.get('/ResourceTypes', resourceTypes);
  scope.get('/ResourceTypes/:id', resourceTypes);
  scope.get('/Users', listUsers);
  scope.post('/Users', createUser);
  scope.get('/Users/:id', getUser);
  scope.put('/Users/:id', replaceUser);
  scope.patch('/Users/:id', patchUser);
  scope.delete('/Users/:id', deleteUser);
  // Anything else under /scim/v2 (Groups, Bulk, /Me …) is SCIM's 404, not the SPA's page.
  scope.all('/', unknownEndpoint);
  scope.all('/*', unknownEndpoint);
}

/** An endpoint this server does not offer. */
async function unknownEndpoint(_request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, 404, null, 'No such SCIM endpoint');
}

const RESOURCE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A User id is a UUID; anything else names no resource (and never reaches a filter). */
async function refuseMalformedId(request: FastifyRequest) {
  const { id } = (request.params ?? {}) as Partial<IdParams>;
  if (id !== undefined && request.url.includes('/Users/') && !RESOURCE_ID.test(id))
    throw scimError(404, null, 'Resource not found');
}

/** Registers /scim/v2 with its own body parsing, errors and authentication. */
export async function registerScim(app: FastifyInstance) {
  await app.register(scimPlugin, { prefix: SCIM_BASE_PATH });
}
