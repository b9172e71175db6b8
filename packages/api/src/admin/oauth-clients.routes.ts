import { EDITIONS } from '@vestibule/contract/editions';
import { ADMIN_SCOPES, type AdminCapability, isAdminScope } from '@vestibule/contract/schemas/admin';
import {
  clientDisabledRequestSchema,
  clientSecretResponseSchema,
  type OAuthClientView,
  oauthClientListResponseSchema,
  oauthClientParamsSchema,
  oauthClientResponseSchema,
  reasonOnlyRequestSchema,
  registerClientRequestSchema,
  updateClientRequestSchema,
} from '@vestibule/contract/schemas/admin-operations';
import { registrableScopes } from '@vestibule/contract/scopes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import {
  ClientRegistryError,
  clientTag,
  listClients,
  lockedClient,
  type OAuthClient,
  registerClient,
  removeClient,
  rotateClientSecret,
  setClientDisabled,
  updateClient,
} from '../flows/oauth/index';
import { ApiError } from '../http/api-error';
import { defineAdminRoute } from './admin-route';
import type { AdminActor } from './guard';
import { requireReason } from './staff-audit';
import { operatorAudit, staffChange } from './staff-change';

// The operator's OAuth clients through the admin API, on the registry the admin CLI uses
// (flows/oauth/clients.registry.ts). Secrets are answered once; changes carry If-Match.

/** The registry's refusals as typed 4xx answers naming the field. */
function asApiError(error: unknown): never {
  if (error instanceof ClientRegistryError) {
    if (error.reason === 'unknown') throw new ApiError('not_found');
    if (error.reason === 'exists') throw new ApiError('client_exists', { fields: { client_id: 'exists' } });
    if (error.reason === 'first_party') throw new ApiError('client_first_party');
    if (error.reason === 'public_client') throw new ApiError('client_public_no_secret');
    throw new ApiError('validation_failed', { fields: { [error.field ?? 'client_id']: error.reason } });
  }
  throw error;
}

/** Edition-scoped operators see and touch the clients of their editions (and of both only with both). */
function visibleTo(actor: AdminActor, edition: string | null) {
  return edition === null ? actor.editions.length > 1 : actor.editions.includes(edition as never);
}

function view(client: OAuthClient): OAuthClientView {
  return {
    client_id: client.clientId,
    name: client.name,
    edition: client.edition as OAuthClientView['edition'],
    redirect_uris: client.redirectUris,
    scopes: client.scopes,
    homepage: client.homepage,
    confidential: client.confidential,
    auth_method: client.authMethod,
    first_party: client.firstParty,
    machine: client.scopes.some(isAdminScope),
    disabled_at: client.disabledAt ? new Date(client.disabledAt).toISOString() : null,
  };
}

/** The client as the caller may see it, else 404. */
async function visibleClient(db: Db, actor: AdminActor, clientId: string): Promise<OAuthClient> {
  const client = (await listClients(db, clientId))[0];
  if (!client || !visibleTo(actor, client.edition)) throw new ApiError('not_found');
  return client;
}

/** A change applies to the version the operator read: a stale If-Match answers 412 with the current one. */
function requireCurrent(request: FastifyRequest, client: OAuthClient) {
  const expected = request.headers['if-match'];
  if (expected === undefined) return;
  const tag = clientTag(client);
  const matches = expected.split(',').some((candidate) => ['*', tag].includes(candidate.trim()));
  if (!matches)
    throw new ApiError('client_changed', { headers: { etag: tag }, extra: { data: view(client) } });
}

/** Admin scopes give a machine client capabilities: a staff member hands out only those they hold. */
function requireHeldScopes(actor: AdminActor, scopes: readonly string[] | undefined) {
  const handed = (scopes ?? []).filter(isAdminScope).map((scope) => scope.slice(6) as AdminCapability);
  if (handed.some((capability) => !actor.capabilities.includes(capability)))
    throw new ApiError('forbidden', { fields: { scopes: 'not_held' } });
}

/** The answer of one client, its version in the ETag header. */
function tagged(reply: FastifyReply, client: OAuthClient) {
  reply.header('etag', clientTag(client));
  return { data: view(client) };
}

const list = defineAdminRoute({
  method: 'GET',
  url: '/oauth-clients',
  summary: 'Registered OAuth clients (disabled ones too), and the scopes a client may have',
  capability: 'operations',
  response: oauthClientListResponseSchema,
  handler: async function list({ actor, db }) {
    const clients = await listClients(db);
    const scopes = [...registrableScopes(Object.values(EDITIONS)), ...ADMIN_SCOPES];
    return {
      data: clients.filter((client) => visibleTo(actor, client.edition)).map(view),
      scopes: [...new Set(scopes)],
    };
  },
});

const one = defineAdminRoute({
  method: 'GET',
  url: '/oauth-clients/:id',
  summary: 'One OAuth client; its version is the ETag a change sends back as If-Match',
  capability: 'operations',
  params: oauthClientParamsSchema,
  response: oauthClientResponseSchema,
  handler: async function one({ params, actor, reply, db }) {
    return tagged(reply, await visibleClient(db, actor, params.id));
  },
});

const register = defineAdminRoute({
  method: 'POST',
  url: '/oauth-clients',
  summary: 'Register an OAuth client (or a machine client of the admin API); its secret is answered once',
  capability: 'operations',
  body: registerClientRequestSchema,
  response: clientSecretResponseSchema,
  status: 201,
  handler: async function register({ body, actor, request, reply, secrets }) {
    const why = requireReason(body);
    if (!visibleTo(actor, body.edition)) throw new ApiError('forbidden');
    requireHeldScopes(actor, body.scopes);
    const { registered, client } = await staffChange(request, actor, {
      apply: async (trx) => {
        const registered = await registerClient(trx, secrets, {
          clientId: body.client_id || undefined,
          name: body.name,
          redirectUris: body.redirect_uris,
          scopes: body.scopes,
          homepage: body.homepage,
          edition: body.edition,
          public: body.public,
        });
        return { registered, client: (await listClients(trx, registered.clientId))[0]! };
      },
      audit: ({ registered }) =>
        operatorAudit(
          'oauth_client.registered',
          body.edition,
          {
            client_id: registered.clientId,
            scopes: body.scopes,
            public: body.public,
          },
          why,
        ),
    }).catch(asApiError);
    reply.header('etag', clientTag(client));
    return { data: view(client), secret: registered.secret };
  },
});

const update = defineAdminRoute({
  method: 'PATCH',
  url: '/oauth-clients/:id',
  summary: 'Change an OAuth client (If-Match: the ETag read; 412 when someone changed it meanwhile)',
  capability: 'operations',
  params: oauthClientParamsSchema,
  body: updateClientRequestSchema,
  response: oauthClientResponseSchema,
  handler: async function update({ params, body, actor, request, reply, db }) {
    const why = requireReason(body);
    const client = await visibleClient(db, actor, params.id);
    if (body.edition !== undefined && !visibleTo(actor, body.edition)) throw new ApiError('forbidden');
    requireHeldScopes(actor, body.scopes);
    const { reason: _r, ticket: _t, ...changed } = body;
    const updated = await staffChange(request, actor, {
      apply: async (trx) => {
        requireCurrent(request, await lockedClient(trx, params.id));
        await updateClient(trx, params.id, {
          name: body.name,
          redirectUris: body.redirect_uris,
          scopes: body.scopes,
          homepage: body.homepage,
          edition: body.edition,
        });
        return lockedClient(trx, params.id);
      },
      audit: () =>
        operatorAudit(
          'oauth_client.updated',
          client.edition,
          {
            client_id: params.id,
            changed: Object.keys(changed),
          },
          why,
        ),
    }).catch(asApiError);
    return tagged(reply, updated);
  },
});

const rotate = defineAdminRoute({
  method: 'POST',
  url: '/oauth-clients/:id/rotate-secret',
  summary: 'A new secret for a confidential client, answered once; the previous one stops working',
  capability: 'operations',
  params: oauthClientParamsSchema,
  body: reasonOnlyRequestSchema,
  response: clientSecretResponseSchema,
  handler: async function rotate({ params, body, actor, request, db, secrets }) {
    const why = requireReason(body);
    const client = await visibleClient(db, actor, params.id);
    const secret = await staffChange(request, actor, {
      apply: (trx) => rotateClientSecret(trx, secrets, params.id),
      audit: () =>
        operatorAudit('oauth_client.secret_rotated', client.edition, { client_id: params.id }, why),
    }).catch(asApiError);
    return { data: view(client), secret };
  },
});

const disabled = defineAdminRoute({
  method: 'PUT',
  url: '/oauth-clients/:id/disabled',
  summary: 'Disable an OAuth client (its grants and tokens are revoked) or enable it again',
  capability: 'operations',
  params: oauthClientParamsSchema,
  body: clientDisabledRequestSchema,
  response: oauthClientResponseSchema,
  handler: async function disabled({ params, body, actor, request, reply, db }) {
    const why = requireReason(body);
    const client = await visibleClient(db, actor, params.id);
    const kind = body.disabled ? 'oauth_client.disabled' : 'oauth_client.enabled';
    const changed = await staffChange(request, actor, {
      apply: async (trx) => {
        await setClientDisabled(trx, params.id, body.disabled);
        return lockedClient(trx, params.id);
      },
      audit: () => operatorAudit(kind, client.edition, { client_id: params.id }, why),
    }).catch(asApiError);
    return tagged(reply, changed);
  },
});

const remove = defineAdminRoute({
  method: 'DELETE',
  url: '/oauth-clients/:id',
  summary: 'Remove an OAuth client and revoke every grant and token it holds',
  capability: 'operations',
  params: oauthClientParamsSchema,
  body: reasonOnlyRequestSchema,
  status: 204,
  handler: async function remove({ params, body, actor, request, db }) {
    const why = requireReason(body);
    const client = await visibleClient(db, actor, params.id);
    await staffChange(request, actor, {
      apply: (trx) => removeClient(trx, params.id),
      audit: () => operatorAudit('oauth_client.removed', client.edition, { client_id: params.id }, why),
    }).catch(asApiError);
  },
});

export const oauthClientAdminRoutes = [list, one, register, update, rotate, disabled, remove];
