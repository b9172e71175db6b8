import type { TFunction } from '../i18n';
import type { CoreMessages } from '../i18n/keys';
import { type AppPath, isAdminPath, normalizePath, PATHS } from '../lib/paths';

type TitleKey = keyof CoreMessages['titles'];

/** Every route's title: a path added to PATHS without one here does not compile. */
const TITLE_OF_PATH: Record<AppPath, TitleKey> = {
  [PATHS.home]: 'login',
  [PATHS.login]: 'login',
  [PATHS.loginEmail]: 'login',
  [PATHS.loginPhone]: 'login',
  [PATHS.dashboard]: 'dashboard',
  [PATHS.maintenance]: 'maintenance',
  [PATHS.handover]: 'handover',
  [PATHS.invitationNotMe]: 'onboarding',
  [PATHS.forgotPassword]: 'forgotPassword',
  [PATHS.forgotPasswordEmail]: 'forgotPassword',
  [PATHS.forgotPasswordPhone]: 'forgotPassword',
  [PATHS.forgotPasswordSent]: 'forgotPassword',
  [PATHS.resetPassword]: 'resetPassword',
  [PATHS.resetPasswordConfirmed]: 'resetPassword',
  [PATHS.forgotUsername]: 'forgotUsername',
  [PATHS.forgotUsernameResponse]: 'forgotUsername',
  [PATHS.approve]: 'approve',
  [PATHS.partner]: 'partner',
  [PATHS.access]: 'access',
  [PATHS.mfa]: 'mfa',
  [PATHS.mfaTotpRecovery]: 'mfa',
  [PATHS.mfaMethods]: 'mfa',
  [PATHS.totpRedirect]: 'mfa',
  [PATHS.setupMfa]: 'setupMfa',
  [PATHS.setupMfaSelection]: 'setupMfa',
  [PATHS.setupMfaPhone]: 'setupMfa',
  [PATHS.setupMfaEmail]: 'setupMfa',
  [PATHS.setupMfaTotp]: 'setupMfa',
  [PATHS.setupMfaConfirmation]: 'setupMfa',
  [PATHS.setupMfaSuccess]: 'setupMfa',
  [PATHS.setupTotpSuccess]: 'setupMfa',
  [PATHS.weakPassword]: 'weakPassword',
  [PATHS.securityMfaEdit]: 'setupMfa',
  [PATHS.securityEditRecovery]: 'recoveryKeys',
  [PATHS.security]: 'security',
  [PATHS.securityHistory]: 'securityHistory',
  [PATHS.securityEditPassword]: 'editPassword',
  [PATHS.securityMyData]: 'myData',
  [PATHS.securityCloseAccount]: 'closeAccount',
  [PATHS.securityPreferences]: 'preferences',
  [PATHS.accountClosure]: 'accountClosure',
  [PATHS.notifications]: 'notifications',
  [PATHS.profile]: 'profile',
  [PATHS.profileEditInfo]: 'editInfo',
  [PATHS.profileEditCredentials]: 'editCredentials',
  [PATHS.profileEditIban]: 'editIban',
  [PATHS.onboarding]: 'onboarding',
  [PATHS.onboardingCard]: 'onboarding',
  [PATHS.onboardingExistingCard]: 'onboarding',
  [PATHS.onboardingCode]: 'onboarding',
  [PATHS.onboardingWelcome]: 'onboarding',
  [PATHS.onboardingTerms]: 'onboarding',
  [PATHS.onboardingCreate]: 'onboarding',
  [PATHS.onboardingConfirmation]: 'onboarding',
  [PATHS.onboardingPassword]: 'onboarding',
  [PATHS.onboardingPhoneVerification]: 'onboarding',
  [PATHS.onboardingEmailVerification]: 'onboarding',
  [PATHS.onboardingMfa]: 'onboarding',
  [PATHS.privacy]: 'privacy',
  [PATHS.terms]: 'terms',
  [PATHS.onboardingDuplicate]: 'onboarding',
  [PATHS.duplicated]: 'merge',
  [PATHS.fuzzionSuccess]: 'merge',
  [PATHS.admin]: 'admin',
};

/**
 * The document title of a page, "Security · Vestibule" (SPEC §1 names `head.title`, which stays
 * the title of a path without a page of its own).
 */
export function pageTitle(path: string, t: TFunction, brand: string): string {
  // The console's sections share its title.
  const key = isAdminPath(path)
    ? 'admin'
    : (TITLE_OF_PATH[normalizePath(path) as AppPath] as TitleKey | undefined);
  return key ? t('head.page', { page: t(`titles.${key}`), brand }) : t('head.title', { brand });
}
