import { adminNl } from '../../features/admin/i18n/nl';
import { adminOperationsNl } from '../../features/admin/i18n/operations.nl';
import { adminWebhooksNl } from '../../features/admin-webhooks/i18n/nl';
import { companyAdminNl } from '../../features/company-admin/i18n/nl';
import { fuzzionNl } from '../../features/fuzzion/i18n/nl';
import { mfaNl } from '../../features/mfa/i18n/nl';
import { onboardingNl } from '../../features/onboarding/i18n/nl';
import { passkeysNl } from '../../features/passkeys/i18n/nl';
import { profileNl } from '../../features/profile/i18n/nl';
import { securityNl } from '../../features/security/i18n/nl';
import { handoverNl } from '../../features/session/i18n/nl';
import type { AreaMessages } from './en';

export const nlAreas: AreaMessages = {
  mfa: mfaNl,
  fuzzion: fuzzionNl,
  security: securityNl,
  profile: profileNl,
  passkeys: passkeysNl,
  onboarding: onboardingNl,
  handover: handoverNl,
  companyAdmin: companyAdminNl,
  adminWebhooks: adminWebhooksNl,
  admin: adminNl,
  adminOperations: adminOperationsNl,
};
