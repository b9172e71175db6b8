import { adminEn } from '../../features/admin/i18n/en';
import { adminOperationsEn } from '../../features/admin/i18n/operations.en';
import { adminWebhooksEn } from '../../features/admin-webhooks/i18n/en';
import { companyAdminEn } from '../../features/company-admin/i18n/en';
import { fuzzionEn } from '../../features/fuzzion/i18n/en';
import { mfaEn } from '../../features/mfa/i18n/en';
import { onboardingEn } from '../../features/onboarding/i18n/en';
import { passkeysEn } from '../../features/passkeys/i18n/en';
import { profileEn } from '../../features/profile/i18n/en';
import { securityEn } from '../../features/security/i18n/en';
import { handoverEn } from '../../features/session/i18n/en';

// The texts of the feature areas, a chunk of their own per locale: the login page loads without them
// (docs/performance.md); the first other page loads them (ensureAreaStrings in i18n/index.ts).
// Together with i18n/en.ts they are the English bundle, which defines the keys (bundles.test.ts).
export const enAreas = {
  mfa: mfaEn,
  fuzzion: fuzzionEn,
  security: securityEn,
  profile: profileEn,
  passkeys: passkeysEn,
  onboarding: onboardingEn,
  handover: handoverEn,
  companyAdmin: companyAdminEn,
  adminWebhooks: adminWebhooksEn,
  admin: adminEn,
  adminOperations: adminOperationsEn,
};

export type AreaMessages = typeof enAreas;
