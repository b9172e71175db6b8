import { adminEn } from '../../features/admin/i18n/en';
import { adminIntegrationEn } from '../../features/admin/i18n/integration.en';
import { adminOperationsEn } from '../../features/admin/i18n/operations.en';
import { adminWebhooksEn } from '../../features/admin-webhooks/i18n/en';
import { companyAdminEn } from '../../features/company-admin/i18n/en';

// The administration console's texts (features/admin, admin-webhooks, company-admin): a chunk of
// their own per locale, loaded when the console opens (ensureDeskStrings in i18n/index.ts), so that
// no card holder downloads them.
export const enDesk = {
  admin: adminEn,
  adminWebhooks: adminWebhooksEn,
  adminIntegration: adminIntegrationEn,
  adminOperations: adminOperationsEn,
  companyAdmin: companyAdminEn,
};

export type DeskMessages = typeof enDesk;
