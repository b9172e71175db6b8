import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import SCIMMY from 'scimmy';
import { scimError } from './errors';
import { filterCondition } from './filter';
import { DEFAULT_COUNT, MAX_RESULTS, refuseUnknownAttributes, SCIM_BASE_PATH, toScimUser } from './resource';
import {
  absolute,
  authenticateCompany,
  callerOf,
  handleError,
  parseJson,
  refuseControlCharacters,
  refuseMalformedId,
  send,
  unknownEndpoint,
} from './scim-http';
import { change, integer, projection, type Query, sendUser, withHandlers } from './scim-request';
import { countScimUsers, scimUserPageQuery } from './users.queries';

// SCIM 2.0 (RFC 7643, 7644) under /scim/v2 for the customer companies' HR systems (decision 0078):
// scimmy parses filters, PATCH operations and attribute lists and checks resources against the
// schema; these routes authenticate the company's token, count its budget and reach the database.

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

/** Registers /scim/v2 with its own body parsing, errors and authentication. */
export async function registerScim(app: FastifyInstance) {
  await app.register(scimPlugin, { prefix: SCIM_BASE_PATH });
}
