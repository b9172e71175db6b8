import type { SecurityEvent, SecurityEventKind, SessionInfo } from '@vestibule/contract/schemas/security';
import type { TFunction } from '../../i18n';

import { intlLocale } from '../../lib/intl';

/** BCP 47 tag of an app locale for Intl (lib/intl: fr_LU → fr-LU, en_LU formats as Luxembourg). */
export const localeTag = intlLocale;

export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeTag(language), { dateStyle: 'long' }).format(new Date(iso));
}

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeTag(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** "Brussels, Belgium", or null without a location. */
export function formatPlace(
  t: TFunction,
  location: SessionInfo['location'],
  language: string,
): string | null {
  if (!location) return null;
  let country = location.country;
  if (country) {
    try {
      country = new Intl.DisplayNames([localeTag(language)], { type: 'region' }).of(country) ?? country;
    } catch {
      // An unknown region code is shown as it is.
    }
  }
  if (location.city && country) return t('security.sessions.location', { city: location.city, country });
  return location.city ?? country;
}

/** "Firefox 128 on Windows 10", or what is known of it. */
export function formatAgent(t: TFunction, browser: string | null, os: string | null): string {
  if (browser && os) return t('security.sessions.browserOnOs', { browser, os });
  return browser ?? os ?? t('security.sessions.unknownBrowser');
}

const EVENT_KEYS = {
  'login.succeeded': 'signIn',
  logout: 'logout',
  'session.revoked': 'sessionRevoked',
  'session.revoked_all': 'sessionRevokedAll',
  'security.not_me': 'notMe',
  'mfa.added': 'mfaAdded',
  'mfa.edited': 'mfaEdited',
  'mfa.removed': 'mfaRemoved',
  'mfa.primary_changed': 'mfaPrimaryChanged',
  'recovery.regenerated': 'recoveryRegenerated',
  'recovery.used': 'recoveryUsed',
  'trusted_device.added': 'trustedDeviceAdded',
  'trusted_device.revoked': 'trustedDeviceRevoked',
  'password.changed': 'passwordChanged',
  'password.reset': 'passwordReset',
  'oauth.consent_granted': 'consentGranted',
  'oauth.grant_revoked': 'grantRevoked',
  'contact.added': 'contactAdded',
  'contact.edited': 'contactEdited',
  'contact.removed': 'contactRemoved',
  'contact.primary_changed': 'contactPrimaryChanged',
  'iban.changed': 'ibanChanged',
  'profile.changed': 'profileChanged',
  'fuzzion.merged': 'merged',
  'fuzzion.refused': 'mergeRefused',
  'passkey.added': 'passkeyAdded',
  'passkey.used': 'passkeyUsed',
  'passkey.removed': 'passkeyRemoved',
  'account.suspended': 'accessSuspended',
  'account.restored': 'accessRestored',
  'staff.account_locked': 'staffLocked',
  'staff.account_unlocked': 'staffUnlocked',
  'staff.sessions_ended': 'staffSessionsEnded',
  'staff.password_reset_sent': 'staffPasswordReset',
  'staff.mfa_reset_approved': 'staffMfaReset',
  'staff.closure_started': 'staffClosure',
} as const satisfies Record<SecurityEventKind, string>;

/** What happened, in words: "Sign-in from a new device", "Access of Demo Partner revoked". */
export function eventLabel(t: TFunction, event: SecurityEvent): string {
  if (event.kind === 'login.succeeded' && event.new_device) return t('security.events.signInNewDevice');
  const client =
    typeof event.detail.client_name === 'string' ? event.detail.client_name : t('security.events.anApp');
  const reason = typeof event.detail.reason === 'string' ? event.detail.reason : '';
  const company = typeof event.detail.company === 'string' ? event.detail.company : '';
  const why = typeof event.detail.why === 'string' ? event.detail.why : '';
  return t(`security.events.${EVENT_KEYS[event.kind]}`, { client, reason, company, why });
}
