// The route table, typed in one place. Names follow SPEC §2; a path is added here when its
// screen is built, and the router (router.tsx) maps every name to exactly one route.

export const PATHS = {
  home: '/',
  login: '/login',
  loginEmail: '/login/email',
  loginPhone: '/login/phone',
  dashboard: '/user/dashboard',
  maintenance: '/maintenance',
  /** "Continue as …?" before a login handed over in the URL hash (decision 0068). */
  handover: '/continue',
  /** The invitee freezes an account their invitation opened on another e-mail (decision 0068). */
  invitationNotMe: '/invitation/not-me',
  forgotPassword: '/forgot-password',
  forgotPasswordEmail: '/forgot-password/email',
  forgotPasswordPhone: '/forgot-password/phone',
  forgotPasswordSent: '/forgot-password-sent',
  resetPassword: '/reset-password',
  resetPasswordConfirmed: '/reset-password-confirmed',
  forgotUsername: '/forgot-username',
  forgotUsernameResponse: '/forgot-username-response',
  approve: '/approve',
  partner: '/partner',
  access: '/user/access',
  // MFA
  mfa: '/mfa',
  mfaTotpRecovery: '/mfa/totp-recovery',
  mfaMethods: '/mfa/methods',
  setupMfa: '/setup-mfa',
  setupMfaSelection: '/setup-mfa/selection',
  setupMfaPhone: '/setup-mfa/phone',
  setupMfaEmail: '/setup-mfa/email',
  setupMfaTotp: '/setup-mfa/totp',
  setupMfaConfirmation: '/setup-mfa/confirmation',
  setupMfaSuccess: '/setup-mfa/success',
  setupTotpSuccess: '/setup-totp/success',
  totpRedirect: '/totp/redirect',
  weakPassword: '/weak-password',
  securityMfaEdit: '/security/mfa-edit',
  securityEditRecovery: '/security/edit-recovery',
  // Security tab
  security: '/security',
  securityHistory: '/security/history',
  securityEditPassword: '/security/edit-password',
  securityMyData: '/security/my-data',
  securityCloseAccount: '/security/close-account',
  securityPreferences: '/security/preferences',
  /** A closing account: keep it (e-mail link, sign-in) or see when it closes (decision 0079). */
  accountClosure: '/account-closure',
  notifications: '/notifications',
  // Profile
  profile: '/profile',
  profileEditInfo: '/profile/edit-info',
  profileEditCredentials: '/profile/edit-credentials',
  profileEditIban: '/profile/edit-iban',
  // Onboarding
  onboarding: '/onboarding',
  onboardingCard: '/onboarding/card',
  onboardingExistingCard: '/onboarding/existingCard',
  onboardingCode: '/onboarding/code',
  onboardingWelcome: '/onboarding/welcome',
  onboardingTerms: '/onboarding/terms-conditions',
  onboardingCreate: '/onboarding/create',
  onboardingConfirmation: '/onboarding/confirmation',
  onboardingPassword: '/onboarding/password',
  onboardingPhoneVerification: '/onboarding/phone-verification',
  onboardingEmailVerification: '/onboarding/email-verification',
  onboardingMfa: '/onboarding-mfa',
  onboardingDuplicate: '/onboarding/duplicate',
  // Account merge
  duplicated: '/duplicated',
  fuzzionSuccess: '/fuzzion-success',
  // Legal texts, linked from every page's footer
  privacy: '/privacy',
  terms: '/terms',
  // The administration console (decision 0076): its sections route below it (features/admin).
  admin: '/admin',
} as const;

export type RouteName = keyof typeof PATHS;
export type AppPath = (typeof PATHS)[RouteName];

/** Screens that exist elsewhere or come with later flows, linked to but not routed yet. */
export const LINKED_PATHS = {
  onboarding: '/onboarding',
  profile: '/profile',
  security: '/security',
  access: '/user/access',
  notifications: '/notifications',
} as const;

/**
 * SPEC §2 public routes: login, forgot-password, reset-password, weak-password, forgot-username
 * and every onboarding route, with their children (`/login/email`) and their follow-up screens
 * (`/forgot-password-sent`, `/reset-password-confirmed`, `/forgot-username-response`,
 * `/onboarding-mfa`).
 */
const PUBLIC_ROOTS = [
  '/login',
  '/forgot-password',
  '/reset-password',
  '/weak-password',
  '/forgot-username',
  '/onboarding',
];

/** Routes outside the login rules: reachable logged in or not. */
const NEUTRAL_PATHS: readonly string[] = [
  PATHS.maintenance,
  PATHS.privacy,
  PATHS.terms,
  PATHS.handover,
  PATHS.invitationNotMe,
  PATHS.accountClosure,
];

export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export function isPublicPath(path: string): boolean {
  const normalized = normalizePath(path);
  return PUBLIC_ROOTS.some(
    (root) => normalized === root || normalized.startsWith(`${root}/`) || normalized.startsWith(`${root}-`),
  );
}

export function isNeutralPath(path: string): boolean {
  return NEUTRAL_PATHS.includes(normalizePath(path));
}

const ROUTED: readonly string[] = Object.values(PATHS);

/** The console and every path below it: the console routes its own sections. */
export function isAdminPath(path: string): boolean {
  const normalized = normalizePath(path);
  return normalized === PATHS.admin || normalized.startsWith(`${PATHS.admin}/`);
}

export function isRoutedPath(path: string): boolean {
  return ROUTED.includes(normalizePath(path)) || isAdminPath(path);
}
