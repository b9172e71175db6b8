import type { AdminCapability } from '@vestibule/contract/schemas/admin';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { TextKey } from '../../i18n/translator';
import { WebhooksArea } from '../admin-webhooks/index';
import { CompanyAdminArea, InvitationBatchesArea } from '../company-admin/index';

/** A part of the console: its path under /admin, the capability that shows it, its label, its page. */
export interface AdminSection {
  path: string;
  capability: AdminCapability;
  label: TextKey;
  Page: LazyExoticComponent<ComponentType>;
}

/** A page module's named component as a lazily loaded chunk of its own. */
const page = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazy(async () => ({ default: pick(await load()) }));

/**
 * The console's sections, in navigation order: a staff member sees those their roles carry. Adding
 * a section is one entry here (its page is a lazily loaded chunk of its own).
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: 'company', capability: 'companies', label: 'companyAdmin.nav.title', Page: CompanyAdminArea },
  { path: 'webhooks', capability: 'operations', label: 'adminWebhooks.nav', Page: WebhooksArea },
  // The operator's integration jobs: the card import and the companies' SCIM tokens.
  {
    path: 'cards',
    capability: 'operations',
    label: 'adminIntegration.nav.cards',
    Page: page(
      () => import('./integration/CardImportRoute'),
      (m) => m.CardImportRoute,
    ),
  },
  {
    path: 'scim',
    capability: 'operations',
    label: 'adminIntegration.nav.scim',
    Page: page(
      () => import('./integration/ScimTokensRoute'),
      (m) => m.ScimTokensRoute,
    ),
  },
  {
    path: 'invitations',
    capability: 'operations',
    label: 'companyAdmin.batches.nav',
    Page: InvitationBatchesArea,
  },
  // The operator's OAuth clients and maintenance switch (operations/).
  {
    path: 'clients',
    capability: 'operations',
    label: 'adminOperations.nav.clients',
    Page: page(
      () => import('./operations/ClientsArea'),
      (m) => m.ClientsArea,
    ),
  },
  {
    path: 'maintenance',
    capability: 'operations',
    label: 'adminOperations.nav.maintenance',
    Page: page(
      () => import('./operations/MaintenanceRoute'),
      (m) => m.MaintenanceRoute,
    ),
  },
  {
    path: 'accounts',
    capability: 'accounts.read',
    label: 'admin.nav.accounts',
    Page: page(
      () => import('./routes/AccountsRoute'),
      (m) => m.AccountsRoute,
    ),
  },
  {
    path: 'mfa-resets',
    capability: 'accounts.read',
    label: 'admin.nav.mfaResets',
    Page: page(
      () => import('./routes/MfaResetsRoute'),
      (m) => m.MfaResetsRoute,
    ),
  },
  {
    path: 'audit',
    capability: 'audit',
    label: 'admin.nav.audit',
    Page: page(
      () => import('./routes/AuditRoute'),
      (m) => m.AuditRoute,
    ),
  },
  {
    path: 'staff',
    capability: 'staff.read',
    label: 'admin.nav.staff',
    Page: page(
      () => import('./routes/StaffRoute'),
      (m) => m.StaffRoute,
    ),
  },
];
