import { type AdminMe, adminMeSchema } from '@vestibule/contract/schemas/admin';
import { defineAdminRoute } from './admin-route';

/** GET /api/admin/me: who is at the desk, their roles and what they may open (the console's navigation). */
const me = defineAdminRoute({
  method: 'GET',
  url: '/me',
  summary: 'The staff member or machine client calling, with its roles and capabilities',
  capability: 'any',
  response: adminMeSchema,
  handler: async function me({ actor }): Promise<AdminMe> {
    return {
      kind: actor.kind,
      account_id: actor.userId,
      name: actor.name,
      grants: actor.grants,
      capabilities: actor.capabilities,
      editions: actor.editions,
    };
  },
});

export const adminMeRoutes = [me];
