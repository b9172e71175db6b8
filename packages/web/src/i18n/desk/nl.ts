import { adminIntegrationNl } from '../../features/admin/i18n/integration.nl';
import { adminNl } from '../../features/admin/i18n/nl';
import { adminOperationsNl } from '../../features/admin/i18n/operations.nl';
import { adminWebhooksNl } from '../../features/admin-webhooks/i18n/nl';
import { companyAdminNl } from '../../features/company-admin/i18n/nl';
import type { DeskMessages } from './en';

export const nlDesk: DeskMessages = {
  admin: adminNl,
  adminWebhooks: adminWebhooksNl,
  adminIntegration: adminIntegrationNl,
  adminOperations: adminOperationsNl,
  companyAdmin: companyAdminNl,
};
