import type { RouteDefinition } from '../http/route';
import { companyAdminRoutes } from './company.routes';
import { adminMeRoutes } from './me.routes';
import { webhookAdminRoutes } from './webhooks.routes';

/** Every /api/admin route (decision 0076); a new area of the desk adds its list here. */
export const ADMIN_ROUTES: readonly RouteDefinition[] = [
  ...adminMeRoutes,
  ...companyAdminRoutes,
  ...webhookAdminRoutes,
];
