import { controlCharacterAt } from '@vestibule/contract/control-characters';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import { findLiveSession, type LiveSession, type SessionFinder } from '../security/session.queries';
import { ApiError } from './api-error';
import { type AuthContext, authenticate, authenticateWith } from './authenticate';
import type { AppContext } from './context';

/**
 * The one way to declare an API route: method, path, zod schemas from `contract` for what comes
 * in (and goes out, checked in tests), who may call it, and a handler that returns the answer.
 */
export interface RouteDefinition<
  Body extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Params extends z.ZodType = z.ZodType,
  Auth extends RouteAuth = RouteAuth,
  Found extends LiveSession = LiveSession,
> {
  method: HTTPMethods;
  /** Path under /api, in Fastify syntax: `/token/:clientId`. */
  url: string;
  /** What the route does, in a line: the operation's summary in the OpenAPI document. */
  summary: string;
  /**
   * Who may call it: anyone, a user's session, or the admin API's callers (a staff session or a
   * machine client), whom `admit` lets in (admin/guard.ts) before any input is read.
   */
  auth: Auth;
  /** For `auth: 'admin'`: the check that admits the caller; its answer reaches the handler as `admitted`. */
  admit?: (request: FastifyRequest) => Promise<unknown>;
  /** The OAuth scope a machine client needs (the OpenAPI document's security requirement). */
  adminScope?: string;
  /**
   * Whether a restricted session (weak password to replace, forced MFA setup unfinished) may call
   * this route. Off by default: new routes are closed to such sessions.
   */
  whileRestricted?: boolean;
  /**
   * The OAuth approval routes: a session whose only restriction is the unfinished forced MFA
   * setup reaches the handler, which lets it through for a partner client only
   * (`forcedSetupExemption`, SPEC §6).
   */
  partnerDuringForcedSetup?: boolean;
  /**
   * A session query that also reads what the handler needs (`found`), for a route whose answer
   * is the session's user: one round trip instead of two (GET /api/user).
   */
  findSession?: SessionFinder<Found>;
  /**
   * The call is no sign of the user's activity (the SPA's session check): it leaves the session's
   * last use as it was, so that a watching tab does not keep an idle session alive.
   */
  notActivity?: boolean;
  body?: Body;
  query?: Query;
  params?: Params;
  response?: z.ZodType;
  /**
   * Serialise the successful answer with a function compiled from `response` (Fastify's
   * fast-json-stringify through its JSON Schema) instead of JSON.stringify: for hot routes whose
   * answer is plain data (GET /api/user). Properties outside the schema are dropped.
   */
  compiledResponse?: boolean;
  /** Status of a successful answer; 204 sends no body. */
  status?: number;
  /** Gets the server's context (database, secret box, configuration, …) with the request's input. */
  handler: (
    input: AppContext & {
      body: z.infer<Body>;
      query: z.infer<Query>;
      params: z.infer<Params>;
      auth: Auth extends 'user' ? AuthContext : AuthContext | undefined;
      /** The row of `findSession`, on a route that declares one. */
      found: Found | undefined;
      /** What `admit` answered, on an admin route. */
      admitted: unknown;
      request: FastifyRequest;
      reply: FastifyReply;
    },
  ) => Promise<unknown>;
}

export type RouteAuth = 'public' | 'user' | 'admin';

export function defineRoute<
  Body extends z.ZodType,
  Query extends z.ZodType,
  Params extends z.ZodType,
  Auth extends RouteAuth,
  Found extends LiveSession = LiveSession,
>(definition: RouteDefinition<Body, Query, Params, Auth, Found>): RouteDefinition {
  return definition as unknown as RouteDefinition;
}

/** A control character anywhere in the input is refused before any schema sees it. */
function refuseControlCharacters(value: unknown, where: string) {
  const at = controlCharacterAt(value);
  if (at)
    throw new ApiError('control_characters', {
      fields: { [at === '(value)' ? where : at]: 'control_characters' },
    });
}

function parse(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  refuseControlCharacters(value, where);
  if (!schema) return value;
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : where;
    fields[key] ??= issue.message;
  }
  throw new ApiError('validation_failed', { fields });
}

function passesToPartner(route: RouteDefinition, auth: AuthContext): boolean {
  return Boolean(route.partnerDuringForcedSetup) && auth.restriction === 'mfa_setup_required';
}

export function registerRoutes(app: FastifyInstance, routes: readonly RouteDefinition[]) {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: `/api${route.url}`,
      config: { apiRoute: true },
      ...(route.compiledResponse && route.response
        ? {
            schema: {
              response: {
                [route.status ?? 200]: z.toJSONSchema(route.response, { target: 'draft-7', io: 'output' }),
              },
            },
          }
        : {}),
      handler: async (request, reply) => {
        const authenticated =
          route.auth !== 'user'
            ? undefined
            : route.findSession || route.notActivity
              ? await authenticateWith(request, route.findSession ?? findLiveSession, {
                  touch: !route.notActivity,
                })
              : { auth: await authenticate(request), found: undefined };
        const auth = authenticated?.auth;
        if (auth?.restriction && !route.whileRestricted && !passesToPartner(route, auth))
          throw new ApiError(auth.restriction);
        const admitted = route.auth === 'admin' && route.admit ? await route.admit(request) : undefined;
        const answer = await route.handler({
          ...request.server.ctx,
          body: parse(route.body, request.body, 'body'),
          query: parse(route.query, request.query, 'query'),
          params: parse(route.params, request.params, 'params'),
          auth: auth as AuthContext,
          found: authenticated?.found,
          admitted,
          request,
          reply,
        });
        if (reply.sent) return reply;
        const status = reply.statusCode !== 200 ? reply.statusCode : (route.status ?? 200);
        if (status === 204 || answer === undefined) return reply.code(status === 200 ? 204 : status).send();
        return reply.code(status).send(answer);
      },
    });
  }
}
