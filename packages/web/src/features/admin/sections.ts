import type { AdminCapability } from '@vestibule/contract/schemas/admin';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { TextKey } from '../../i18n/translator';
import { WebhooksArea } from '../admin-webhooks/index';
import { CompanyAdminArea } from '../company-admin/index';

/** A part of the console: its path under /admin, the capability that shows it, its label, its page. */
export interface AdminSection {
  path: string;
  capability: AdminCapability;
  label: TextKey;
  Page: LazyExoticComponent<ComponentType>;
}

/**
 * The console's sections, in navigation order: a staff member sees those their roles carry. Adding
 * a section is one entry here (its page is a lazily loaded chunk of its own).
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: 'company', capability: 'companies', label: 'companyAdmin.nav.title', Page: CompanyAdminArea },
  { path: 'webhooks', capability: 'operations', label: 'adminWebhooks.nav', Page: WebhooksArea },
];
