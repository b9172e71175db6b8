import type { RouteDefinition } from '../http/route';
import { adminAccountActionRoutes } from './account-actions.routes';
import { adminAccountRoutes } from './accounts.routes';
import { adminAuditRoutes } from './audit.routes';
import { cardAdminRoutes } from './cards.routes';
import { companyAdminRoutes } from './company.routes';
import { invitationBatchRoutes } from './invitation-batches.routes';
import { maintenanceAdminRoutes } from './maintenance.routes';
import { adminMeRoutes } from './me.routes';
import { adminMfaResetRoutes } from './mfa-resets.routes';
import { oauthClientAdminRoutes } from './oauth-clients.routes';
import { scimTokenAdminRoutes } from './scim-tokens.routes';
import { adminStaffRoutes } from './staff.routes';
import { webhookAdminRoutes } from './webhooks.routes';

/** Every /api/admin route (decision 0076); a new area of the desk adds its list here. */
export const ADMIN_ROUTES: readonly RouteDefinition[] = [
  ...adminMeRoutes,
  ...adminAccountRoutes,
  ...adminAccountActionRoutes,
  ...adminMfaResetRoutes,
  ...adminAuditRoutes,
  ...adminStaffRoutes,
  ...companyAdminRoutes,
  ...webhookAdminRoutes,
  ...invitationBatchRoutes,
  // The operator's card import and SCIM tokens.
  ...cardAdminRoutes,
  ...scimTokenAdminRoutes,
  // The operator's OAuth clients and maintenance switch.
  ...oauthClientAdminRoutes,
  ...maintenanceAdminRoutes,
];
