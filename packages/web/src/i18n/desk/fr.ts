import { adminFr } from '../../features/admin/i18n/fr';
import { adminIntegrationFr } from '../../features/admin/i18n/integration.fr';
import { adminWebhooksFr } from '../../features/admin-webhooks/i18n/fr';
import { companyAdminFr } from '../../features/company-admin/i18n/fr';
import type { DeskMessages } from './en';

export const frDesk: DeskMessages = {
  admin: adminFr,
  adminWebhooks: adminWebhooksFr,
  adminIntegration: adminIntegrationFr,
  companyAdmin: companyAdminFr,
};
