import { errorBodySchema } from '@vestibule/contract/schemas/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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

/** The OpenAPI 3.1 document of every API route, generated from the contract schemas. */
export function openApiDocument(routes: readonly RouteDefinition[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `/api${route.url.replace(/:(\w+)/g, '{$1}')}`;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const success = route.status ?? 200;
      const body = jsonSchema(route.body, 'input');
      paths[path] ??= {};
      paths[path][method.toLowerCase()] = {
        operationId: `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
        security: route.auth === 'user' ? [{ bearer: [] }] : [],
        parameters: [{ $ref: '#/components/parameters/DeviceId' }, ...parameters(route)],
        ...(body
          ? {
              requestBody: {
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
          '4XX': { $ref: '#/components/responses/Error' },
          '5XX': { $ref: '#/components/responses/Error' },
        },
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Vestibule account API', version: '1' },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Opaque session token' } },
      parameters: {
        DeviceId: {
          name: 'X-Device-ID',
          in: 'header',
          required: true,
          schema: { type: 'string', format: 'uuid' },
        },
      },
      responses: {
        Error: {
          description: 'Typed error with a translated message',
          content: { 'application/json': { schema: jsonSchema(errorBodySchema, 'output') } },
        },
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
