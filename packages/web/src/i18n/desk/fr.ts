import { adminFr } from '../../features/admin/i18n/fr';
import { adminIntegrationFr } from '../../features/admin/i18n/integration.fr';
import { adminOperationsFr } from '../../features/admin/i18n/operations.fr';
import { adminWebhooksFr } from '../../features/admin-webhooks/i18n/fr';
import { companyAdminFr } from '../../features/company-admin/i18n/fr';
import type { DeskMessages } from './en';

export const frDesk: DeskMessages = {
  admin: adminFr,
  adminWebhooks: adminWebhooksFr,
  adminIntegration: adminIntegrationFr,
  adminOperations: adminOperationsFr,
  companyAdmin: companyAdminFr,
};
