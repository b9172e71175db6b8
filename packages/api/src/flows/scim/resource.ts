import SCIMMY from 'scimmy';
import { scimError } from './errors';
import type { ScimUserRow } from './users.queries';

// scimmy keeps its configuration and resource handlers in module state: declared once here, and
// every handler reads what it needs (database, caller, request) from the `ctx` it is given.

/** The path every SCIM location is under; the origin of the company's edition goes before it. */
export const SCIM_BASE_PATH = '/scim/v2';
/** Largest page of a list (ServiceProviderConfig filter.maxResults) and the default page size. */
export const MAX_RESULTS = 200;
export const DEFAULT_COUNT = 100;

SCIMMY.Config.set({
  documentationUri: 'https://github.com/vestibule/vestibule/blob/main/docs/integrators.md#scim-20',
  patch: true,
  filter: { supported: true, maxResults: MAX_RESULTS },
  etag: true,
  bulk: false,
  sort: false,
  changePassword: false,
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Company bearer token',
      description: 'A token per customer company, issued by an operator (Authorization: Bearer scim_…).',
      specUri: 'https://www.rfc-editor.org/info/rfc6750',
    },
  ],
});

/** What the User handlers need; filled by the route, read back after scimmy returns. */
export interface UserHandlers {
  read(id: string): Promise<ScimUserRow | undefined>;
  write(id: string | undefined, instance: ScimUserInput): Promise<ScimUserRow>;
  remove(id: string): Promise<void>;
}

/** The attributes of a User we keep (docs/integrators.md, "Attribute mapping"). */
export interface ScimUserInput {
  userName: string;
  externalId?: string;
  name?: { givenName?: string; familyName?: string };
  emails?: { value?: string; type?: string; primary?: boolean }[];
  active?: boolean;
  preferredLanguage?: string;
}

interface HandlerContext {
  handlers: UserHandlers;
}

SCIMMY.Resources.declare(SCIMMY.Resources.User)
  .egress(async (resource, ctx: HandlerContext) => {
    if (!resource.id) throw scimError(500, null, 'lists are read by the route');
    const row = await ctx.handlers.read(resource.id);
    if (!row) throw scimError(404, null, `Resource ${resource.id} not found`);
    return toScimUser(row);
  })
  .ingress(async (resource, instance, ctx: HandlerContext) =>
    toScimUser(await ctx.handlers.write(resource.id, instance as unknown as ScimUserInput)),
  )
  .degress((resource, ctx: HandlerContext) => ctx.handlers.remove(resource.id as string));
SCIMMY.Resources.User.basepath(SCIM_BASE_PATH);
SCIMMY.Resources.ResourceType.basepath(SCIM_BASE_PATH);
SCIMMY.Resources.Schema.basepath(SCIM_BASE_PATH);
SCIMMY.Resources.ServiceProviderConfig.basepath(SCIM_BASE_PATH);

/** The ETag of a row's version (weak: the representation may vary with `attributes`). */
export const etagOf = (version: number) => `W/"${version}"`;

/** A row as the SCIM User resource scimmy checks and projects. */
export function toScimUser(row: ScimUserRow) {
  return {
    id: row.id,
    ...(row.external_id ? { externalId: row.external_id } : {}),
    userName: row.user_name,
    name: {
      ...(row.given_name ? { givenName: row.given_name } : {}),
      ...(row.family_name ? { familyName: row.family_name } : {}),
    },
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.active,
    ...(row.language ? { preferredLanguage: row.language } : {}),
    meta: { created: row.created_at, lastModified: row.updated_at, version: etagOf(row.version) },
  };
}

/** Known top-level attributes of the User schema, lower-cased, and the message envelope's own. */
const KNOWN_ATTRIBUTES = new Set([
  'schemas',
  'meta',
  ...SCIMMY.Schemas.User.definition.attributes.map((attribute) => attribute.name.toLowerCase()),
]);

/** An attribute the User schema does not have is refused by name, not dropped in silence. */
export function refuseUnknownAttributes(body: unknown) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  for (const key of Object.keys(body)) {
    const name = key.toLowerCase();
    if (!KNOWN_ATTRIBUTES.has(name) && !name.startsWith('urn:'))
      throw scimError(400, 'invalidValue', `Unknown attribute '${key}' for a User`);
  }
}

/** Attribute names of `attributes` / `excludedAttributes`, each checked against the schema. */
export function refuseUnknownAttributeNames(list: string | undefined) {
  if (list === undefined) return;
  for (const raw of list.split(',')) {
    const name = raw.trim().toLowerCase().replace('urn:ietf:params:scim:schemas:core:2.0:user:', '');
    const top = name.split('.')[0] ?? '';
    if (!top) throw scimError(400, 'invalidValue', 'An attribute name is empty');
    if (!KNOWN_ATTRIBUTES.has(top)) throw scimError(400, 'invalidValue', `Unknown attribute '${raw.trim()}'`);
  }
}
