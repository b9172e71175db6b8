import { adminDeLU } from '../../features/admin/i18n/de_LU';
import { adminIntegrationDeLU } from '../../features/admin/i18n/integration.de_LU';
import { adminOperationsDeLU } from '../../features/admin/i18n/operations.de_LU';
import { adminWebhooksDeLU } from '../../features/admin-webhooks/i18n/de_LU';
import { companyAdminDeLU } from '../../features/company-admin/i18n/de_LU';
import type { DeskMessages } from './en';

export const deLUDesk: DeskMessages = {
  admin: adminDeLU,
  adminWebhooks: adminWebhooksDeLU,
  adminIntegration: adminIntegrationDeLU,
  adminOperations: adminOperationsDeLU,
  companyAdmin: companyAdminDeLU,
};
