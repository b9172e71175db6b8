import { adminDeLU } from '../../features/admin/i18n/de_LU';
import { adminOperationsDeLU } from '../../features/admin/i18n/operations.de_LU';
import { adminWebhooksDeLU } from '../../features/admin-webhooks/i18n/de_LU';
import { companyAdminDeLU } from '../../features/company-admin/i18n/de_LU';
import { fuzzionDeLU } from '../../features/fuzzion/i18n/de_LU';
import { mfaDeLU } from '../../features/mfa/i18n/de_LU';
import { onboardingDeLU } from '../../features/onboarding/i18n/de_LU';
import { passkeysDeLU } from '../../features/passkeys/i18n/de_LU';
import { profileDeLU } from '../../features/profile/i18n/de_LU';
import { securityDeLU } from '../../features/security/i18n/de_LU';
import { handoverDeLU } from '../../features/session/i18n/de_LU';
import type { AreaMessages } from './en';

export const deLUAreas: AreaMessages = {
  mfa: mfaDeLU,
  fuzzion: fuzzionDeLU,
  security: securityDeLU,
  profile: profileDeLU,
  passkeys: passkeysDeLU,
  onboarding: onboardingDeLU,
  handover: handoverDeLU,
  companyAdmin: companyAdminDeLU,
  adminWebhooks: adminWebhooksDeLU,
  admin: adminDeLU,
  adminOperations: adminOperationsDeLU,
};
