import { ERRORS, type ErrorCode } from '@vestibule/contract/errors';
import { EN_ERROR_MESSAGES } from '@vestibule/contract/i18n/errors';
import { ADMIN_SCOPES, type AdminScope } from '@vestibule/contract/schemas/admin';
import { errorBodySchema } from '@vestibule/contract/schemas/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../delivery/webhooks/events';
import type { RouteDefinition } from './route';

type JsonSchema = Record<string, unknown>;

/** JSON Schema of a zod schema, or undefined when it cannot be expressed (transforms are kept loose). */
function jsonSchema(schema: z.ZodType | undefined, io: 'input' | 'output'): JsonSchema | undefined {
  if (!schema) return undefined;
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
    }) as JsonSchema;
    return rest;
  } catch {
    return {};
  }
}

/** Query and path parameters of an operation, from the route's object schemas. */
function parameters(route: RouteDefinition) {
  const list: JsonSchema[] = [];
  for (const [where, schema] of [
    ['query', route.query],
    ['path', route.params],
  ] as const) {
    const properties = (jsonSchema(schema, 'input')?.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((jsonSchema(schema, 'input')?.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      list.push({ name, in: where, required: where === 'path' || required.has(name), schema: property });
    }
  }
  return list;
}

const ADMIN_SCOPE_TEXT: Record<AdminScope, string> = {
  'admin:accounts.read': 'Find and read accounts (personal fields masked until revealed with a reason)',
  'admin:accounts.write': 'Act on accounts: lock, unlock, end sessions, send codes, ask for MFA resets',
  'admin:audit': 'Search and export the audit log',
  'admin:companies': "Manage a customer company's people",
  'admin:operations': 'Operate the service: clients, maintenance, imports, webhooks',
};

/** The document's sections: an operation's tag is the first segment of its path. */
const TAGS: Record<string, string> = {
  status: 'Whether the portal is open',
  token: 'Logging in and out, and third-party access tokens',
  tokens: 'Third-party applications with access to the account',
  user: 'The account: personal details, contacts, login, IBAN, password and recovery',
  mfa: 'Two-step verification: methods, challenges, step-up, trusted devices',
  fuzzion: 'Merging a duplicate account',
  passkeys: 'Passkeys (WebAuthn)',
  authorize: "Approving a third-party application (the authorization server's consent)",
  partner: "The partner's areas the user can open",
  sessions: 'Sessions and devices',
  security: 'The security timeline',
  notifications: 'Notifications',
  onboarding: 'Signing up from a card, an activation code or an invitation',
  admin:
    'The administration: staff sessions (support, security, operator, company admin) and machine clients with admin scopes',
};

const tagOf = (url: string) => url.split('/')[1] ?? '';

/** The error codes that answer with a status, and the status of each code. */
function codesByStatus(): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const [code, { status }] of Object.entries(ERRORS) as [ErrorCode, { status: number }][]) {
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}

const STATUS_NAMES: Record<number, string> = {
  400: 'The request is malformed or was refused',
  401: 'No session, or the session needs more proof',
  403: 'The session may not do this',
  404: 'The item does not exist for this account',
  405: 'The method is not allowed here',
  410: 'The code or link is no longer valid',
  413: 'The request is too large',
  415: 'The content type is not supported',
  421: 'This portal does not serve that host name',
  422: 'A field is missing or invalid; `fields` names each one',
  423: 'The account is locked',
  429: 'Too many attempts or codes; try again later',
  500: 'An unexpected error; its detail is in the server log only',
  503: 'Maintenance, or the database is unreachable; try again later',
};

/** A response per status: the typed error body, its codes narrowed to those of the status. */
function errorResponses(used: ReadonlySet<number>): Record<string, JsonSchema> {
  const body = jsonSchema(errorBodySchema, 'output') as JsonSchema & {
    properties: Record<string, JsonSchema>;
  };
  const responses: Record<string, JsonSchema> = {};
  for (const [status, codes] of codesByStatus()) {
    if (!used.has(status)) continue;
    const [first] = codes;
    responses[`Error${status}`] = {
      description: STATUS_NAMES[status] ?? 'Typed error',
      content: {
        'application/json': {
          schema: { ...body, properties: { ...body.properties, code: { type: 'string', enum: codes } } },
          ...(first ? { example: { code: first, message: EN_ERROR_MESSAGES[first] } } : {}),
        },
      },
    };
  }
  return responses;
}

/**
 * The statuses an operation can answer besides success: every call may be malformed, limited, or
 * meet maintenance or a database outage; input may be invalid; a session may be missing or not
 * allowed; a path's item may not exist. Route-specific codes of other statuses come under `default`.
 */
function errorStatuses(route: RouteDefinition): number[] {
  const statuses = [400, 429, 500, 503];
  if (route.body || route.query || route.params) statuses.push(422);
  if (route.body) statuses.push(413, 415);
  if (route.auth === 'user' || route.auth === 'admin') statuses.push(401, 403);
  // An admin caller never learns of a resource outside its editions or company: 404.
  if (route.params || route.auth === 'admin') statuses.push(404);
  return statuses.sort((a, b) => a - b);
}

/** A user's session; on the admin API, a staff session or a machine client's token with the route's scope. */
function securityOf(route: RouteDefinition) {
  if (route.auth === 'user') return [{ bearer: [] }];
  if (route.auth === 'admin')
    return [{ staffSession: [] }, ...(route.adminScope ? [{ adminClient: [route.adminScope] }] : [])];
  return [];
}

const operationId = (method: string, path: string) =>
  `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;

function operation(route: RouteDefinition, method: string, path: string) {
  const success = route.status ?? 200;
  const body = jsonSchema(route.body, 'input');
  const errors = Object.fromEntries(
    errorStatuses(route).map((status) => [status, { $ref: `#/components/responses/Error${status}` }]),
  );
  return {
    operationId: operationId(method, path),
    summary: route.summary,
    tags: [tagOf(route.url)],
    security: securityOf(route),
    parameters: [{ $ref: '#/components/parameters/DeviceId' }, ...parameters(route)],
    ...(body
      ? {
          requestBody: {
            // A missing body is read as `{}` (route.ts): it is required only when `{}` is refused.
            required: !route.body?.safeParse({}).success,
            content: {
              'application/json': { schema: body },
              'application/x-www-form-urlencoded': { schema: body },
            },
          },
        }
      : {}),
    responses: {
      [success]:
        success === 204
          ? { description: 'No content' }
          : {
              description: 'Success',
              content: { 'application/json': { schema: jsonSchema(route.response, 'output') ?? {} } },
            },
      ...errors,
      default: { $ref: '#/components/responses/Error' },
    },
  };
}

/** What a receiver gets for an event (Standard Webhooks): ids, the edition and names of what changed. */
const WEBHOOK_EVENT_SCHEMA = {
  type: 'object',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: { type: 'string', enum: Object.keys(WEBHOOK_EVENTS) },
    timestamp: { type: 'string', format: 'date-time' },
    data: {
      type: 'object',
      required: ['account_id', 'edition', 'event_id'],
      properties: {
        account_id: { type: ['integer', 'null'] },
        edition: { type: 'string', enum: ['general', 'lu'] },
        event_id: { type: 'integer', description: 'Also the number in `webhook-id`' },
        fields: { type: 'array', items: { type: 'string' }, description: 'The details that changed' },
        kind: { type: 'string' },
        method: { type: 'string' },
        reason: { type: 'string' },
        client_id: { type: 'string' },
        scopes: { type: 'array', items: { type: 'string' } },
        sessions_ended: { type: 'integer' },
        card_id: { type: 'integer' },
        into: { type: 'integer' },
        outcome: { type: 'string' },
      },
    },
  },
};

const WEBHOOK_HEADERS = [
  ['webhook-id', 'The event id (`msg_…`): the same on every retry and replay, to deduplicate'],
  ['webhook-timestamp', 'Seconds since the epoch when this attempt was signed'],
  [
    'webhook-signature',
    'Space-separated `v1,<base64 HMAC-SHA256>` signatures: two while a rotated secret overlaps',
  ],
] as const;

/** The `webhooks` section: one operation per event a subscription can take. */
function webhookOperations() {
  return Object.fromEntries(
    Object.entries(WEBHOOK_EVENTS).map(([type, description]) => [
      type,
      {
        post: {
          operationId: `webhook${type.replace(/(^|\.)(\w)/g, (_m, _dot: string, c: string) => c.toUpperCase())}`,
          summary: type,
          description,
          tags: ['webhooks'],
          security: [],
          parameters: WEBHOOK_HEADERS.map(([name, about]) => ({
            name,
            in: 'header',
            required: true,
            description: about,
            schema: { type: 'string' },
          })),
          requestBody: { required: true, content: { 'application/json': { schema: WEBHOOK_EVENT_SCHEMA } } },
          responses: {
            '2XX': { description: 'Received: the delivery is done' },
            '4XX': { description: 'Refused: retried on the schedule, like any failure' },
          },
        },
      },
    ]),
  );
}

/** The OpenAPI 3.1 document of every API route, generated from the contract schemas. */
export function openApiDocument(routes: readonly RouteDefinition[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `/api${route.url.replace(/:(\w+)/g, '{$1}')}`;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      paths[path] ??= {};
      paths[path][method.toLowerCase()] = operation(route, method, path);
    }
  }
  const used = new Set(routes.map((route) => tagOf(route.url)));
  const statuses = new Set(routes.flatMap(errorStatuses));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vestibule account API',
      version: '1',
      description:
        "The account API of the Vestibule portal: what the portal's own pages call. Every call names its device in `X-Device-ID`; " +
        'signed-in calls carry the session token as a bearer token. Errors are `{ code, message }` with the message in the language of ' +
        '`Accept-Language`; a 422 adds `fields`, each with its message. Third-party applications use OpenID Connect at `/oauth` ' +
        '(discovery at `/.well-known/openid-configuration`), not this API. Customer companies provision their people with SCIM 2.0 ' +
        'at `/scim/v2`, which describes itself (`/scim/v2/Schemas`, `/ResourceTypes`, `/ServiceProviderConfig`; RFC 7643) and is ' +
        'therefore not listed here.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/', description: 'The portal that serves this document' }],
    tags: [
      ...Object.entries(TAGS)
        .filter(([name]) => used.has(name))
        .map(([name, description]) => ({ name, description })),
      {
        name: 'webhooks',
        description:
          'Events sent to the subscriptions an operator registers (Standard Webhooks): at least once, in order per account, retried for about three days.',
      },
    ],
    paths,
    webhooks: webhookOperations(),
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The opaque session token answered by POST /api/token',
        },
        staffSession: {
          type: 'http',
          scheme: 'bearer',
          description:
            'On /api/admin: the portal session of an account that holds a staff role and signs in with an authenticator app or a passkey',
        },
        adminClient: {
          type: 'oauth2',
          description:
            'On /api/admin: a client-credentials access token of a client registered with admin scopes',
          flows: {
            clientCredentials: {
              tokenUrl: '/oauth/token',
              scopes: Object.fromEntries(ADMIN_SCOPES.map((scope) => [scope, ADMIN_SCOPE_TEXT[scope]])),
            },
          },
        },
      },
      parameters: {
        DeviceId: {
          name: 'X-Device-ID',
          in: 'header',
          required: true,
          description: 'The random UUID the browser keeps for this device',
          schema: { type: 'string', format: 'uuid' },
        },
      },
      responses: {
        Error: {
          description: 'Typed error with a translated message',
          content: { 'application/json': { schema: jsonSchema(errorBodySchema, 'output') } },
        },
        ...errorResponses(statuses),
      },
    },
  };
}

/** GET /api/openapi.json, built once at start. */
export function registerOpenApi(app: FastifyInstance, routes: readonly RouteDefinition[]) {
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get('/api/openapi.json', async () => {
    document ??= openApiDocument(routes);
    return document;
  });
}
