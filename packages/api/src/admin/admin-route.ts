import { MACHINE_CAPABILITIES } from '@vestibule/contract/schemas/admin';
import type { z } from 'zod';
import { defineRoute, type RouteDefinition } from '../http/route';
import { type AdminActor, admitAdmin, type RouteCapability } from './guard';

/** What an admin route declares: as defineRoute, with the capability it needs instead of `auth`. */
export interface AdminRouteDefinition<
  Body extends z.ZodType,
  Query extends z.ZodType,
  Params extends z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under /api/admin: `/accounts/:id`. */
  url: string;
  summary: string;
  capability: RouteCapability;
  body?: Body;
  query?: Query;
  params?: Params;
  response?: z.ZodType;
  status?: number;
  /** Gets what a route's handler gets, with the admitted caller as `actor` instead of a session. */
  handler: (
    input: Omit<
      Parameters<RouteDefinition<Body, Query, Params>['handler']>[0],
      'auth' | 'found' | 'admitted'
    > & {
      actor: AdminActor;
    },
  ) => Promise<unknown>;
}

/**
 * The one way to declare an /api/admin route: the guard (admitAdmin) runs before any input is
 * read, counts the call against the caller's read or change limit (GET is a read), and hands the
 * handler its `actor`. Changes run in staffChange: step-up, change and audit row in one transaction.
 */
export function defineAdminRoute<
  Body extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Params extends z.ZodType = z.ZodType,
>(definition: AdminRouteDefinition<Body, Query, Params>): RouteDefinition {
  const { capability, handler, url, ...rest } = definition;
  return defineRoute({
    ...rest,
    url: `/admin${url}`,
    auth: 'admin',
    admit: admitAdmin(capability, definition.method === 'GET' ? 'read' : 'write'),
    // The OpenAPI security requirement: the scope a machine client needs, when one can hold it.
    ...((MACHINE_CAPABILITIES as readonly string[]).includes(capability)
      ? { adminScope: `admin:${capability}` }
      : {}),
    handler: ({ body, query, params, admitted, auth: _auth, found: _found, ...context }) =>
      handler({
        ...context,
        body: body as z.infer<Body>,
        query: query as z.infer<Query>,
        params: params as z.infer<Params>,
        actor: admitted as AdminActor,
      }),
  });
}
