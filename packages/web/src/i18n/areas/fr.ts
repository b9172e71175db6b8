import { adminFr } from '../../features/admin/i18n/fr';
import { adminOperationsFr } from '../../features/admin/i18n/operations.fr';
import { adminWebhooksFr } from '../../features/admin-webhooks/i18n/fr';
import { companyAdminFr } from '../../features/company-admin/i18n/fr';
import { fuzzionFr } from '../../features/fuzzion/i18n/fr';
import { mfaFr } from '../../features/mfa/i18n/fr';
import { onboardingFr } from '../../features/onboarding/i18n/fr';
import { passkeysFr } from '../../features/passkeys/i18n/fr';
import { profileFr } from '../../features/profile/i18n/fr';
import { securityFr } from '../../features/security/i18n/fr';
import { handoverFr } from '../../features/session/i18n/fr';
import type { AreaMessages } from './en';

export const frAreas: AreaMessages = {
  mfa: mfaFr,
  fuzzion: fuzzionFr,
  security: securityFr,
  profile: profileFr,
  passkeys: passkeysFr,
  onboarding: onboardingFr,
  handover: handoverFr,
  companyAdmin: companyAdminFr,
  adminWebhooks: adminWebhooksFr,
  admin: adminFr,
  adminOperations: adminOperationsFr,
};
