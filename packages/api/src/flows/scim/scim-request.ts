import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { afterPortalSessionsEnded } from '../oauth/index';
import { isScimError, scimError } from './errors';
import { type Aftermath, deprovision, provision, update } from './provisioning';
import { refuseUnknownAttributeNames, type ScimUserInput, type UserHandlers } from './resource';
import { absolute, callerOf, checkIfMatch, send } from './scim-http';
import { findScimUser } from './users.queries';

// What every SCIM route shares: query parameters read, scimmy run with the User handlers on the
// request's transaction, the answer sent with its ETag and Location.

export type Query = Record<string, string | string[] | undefined>;

/** `attributes` and `excludedAttributes` as scimmy takes them, each name checked. */
export function projection(query: Query) {
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

export function integer(query: Query, name: string, fallback: number): number {
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
export async function withHandlers<T>(
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
export async function change<T>(
  request: FastifyRequest,
  call: (ctx: { handlers: UserHandlers }) => Promise<T>,
) {
  const aftermath: Aftermath = { sessionsEnded: false };
  const result = await request.server.ctx.db
    .transaction()
    .execute((trx) => withHandlers(request, trx, aftermath, call));
  if (aftermath.sessionsEnded) await afterPortalSessionsEnded(request);
  return result;
}

export function sendUser(request: FastifyRequest, reply: FastifyReply, status: number, user: unknown) {
  const document = absolute(request, user) as { meta?: { version?: string } };
  if (document.meta?.version) reply.header('etag', document.meta.version);
  if (status === 201 && document && typeof document === 'object' && 'meta' in document)
    reply.header('location', (document.meta as { location?: string }).location ?? '');
  return send(reply, status, document);
}
