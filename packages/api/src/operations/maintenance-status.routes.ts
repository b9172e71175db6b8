import { statusResponseSchema } from '@vestibule/contract/schemas/maintenance';
import { isMaintenanceOn } from '../db/maintenance';
import { defineRoute } from '../http/route';

/** GET /api/status: public; answers even during maintenance so the SPA can tell. */
const status = defineRoute({
  method: 'GET',
  url: '/status',
  summary: 'Whether the portal is in maintenance',
  auth: 'public',
  response: statusResponseSchema,
  handler: async function status({ db }) {
    return { maintenance: await isMaintenanceOn(db) };
  },
});

export const statusRoutes = [status];
