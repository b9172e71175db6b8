import {
  maintenanceRequestSchema,
  maintenanceStateSchema,
} from '@vestibule/contract/schemas/admin-operations';
import { maintenanceState, setMaintenance } from '../db/maintenance';
import { ApiError } from '../http/api-error';
import { defineAdminRoute } from './admin-route';
import { requireReason } from './staff-audit';
import { operatorAudit, staffChange } from './staff-change';

// The maintenance switch (the CLI's `maintenance on|off|status`) for the operator. The admin API
// answers while maintenance is on (http/edition-and-headers.ts), so it is switched off here too.

const state = defineAdminRoute({
  method: 'GET',
  url: '/maintenance',
  summary: 'Whether the portal is in maintenance, since when, switched by whom and why',
  capability: 'operations',
  response: maintenanceStateSchema,
  handler: async function state({ db }) {
    return maintenanceState(db);
  },
});

const toggle = defineAdminRoute({
  method: 'PUT',
  url: '/maintenance',
  summary: 'Switch maintenance on or off, for a reason (every instance within 2 seconds)',
  capability: 'operations',
  body: maintenanceRequestSchema,
  response: maintenanceStateSchema,
  handler: async function toggle({ body, actor, request }) {
    const why = requireReason(body);
    // Switching the whole portal is not edition-scoped: it needs the capability in both editions.
    if (actor.editions.length < 2) throw new ApiError('forbidden');
    return staffChange(request, actor, {
      apply: async (trx) => {
        await setMaintenance(trx, body.on, { by: actor.name, reason: why.reason });
        return maintenanceState(trx);
      },
      audit: () => operatorAudit('maintenance.switched', null, { on: body.on }, why),
    });
  },
});

export const maintenanceAdminRoutes = [state, toggle];
