import type english from './i18n/catalogs/en/errors.json';

// Typed error codes (CONVENTIONS "Contract and errors"): a code cannot exist without its HTTP
// status here and its English message in i18n/catalogs/en/errors.json (decision 0083): the
// `satisfies` below fails the type check on a code missing from either. The other languages are
// checked by i18n/catalogs.test.ts to have exactly these codes.

export const ERRORS = {
  validation_failed: { status: 422 },
  bad_request: { status: 400 },
  control_characters: { status: 400 },
  missing_device_id: { status: 400 },
  unsupported_media_type: { status: 415 },
  payload_too_large: { status: 413 },
  unknown_host: { status: 421 },
  invalid_credentials: { status: 400 },
  unknown_client: { status: 400 },
  too_many_attempts: { status: 429 },
  sms_limit_reached: { status: 429 },
  unauthorized: { status: 401 },
  forbidden: { status: 403 },
  not_found: { status: 404 },
  method_not_allowed: { status: 405 },
  account_locked: { status: 423 },
  maintenance: { status: 503 },
  mfa_required: { status: 401 },
  invalid_code: { status: 422 },
  challenge_expired: { status: 410 },
  resend_too_soon: { status: 429 },
  'email-duplicated': { status: 409 },
  'phone-duplicated': { status: 409 },
  'sms-duplicated': { status: 409 },
  invalid_email: { status: 422 },
  invalid_phone: { status: 422 },
  mfa_minimum: { status: 409 },
  sudo_required: { status: 403 },
  // Passkeys (docs/decisions/0047-passkeys.md).
  passkey_invalid: { status: 422 },
  passkey_duplicated: { status: 409 },
  mfa_setup_required: { status: 403 },
  weak_password_change_required: { status: 403 },
  session_not_fresh: { status: 403 },
  password_too_short: { status: 422 },
  password_too_long: { status: 422 },
  password_common: { status: 422 },
  password_breached: { status: 422 },
  password_personal: { status: 422 },
  password_unchanged: { status: 422 },
  current_password_invalid: { status: 422 },
  invalid_card_number: { status: 422 },
  invalid_national_register_number: { status: 422 },
  reset_expired: { status: 410 },
  captcha_required: { status: 400 },
  captcha_failed: { status: 400 },
  invalid_partner: { status: 404 },
  reauthentication_required: { status: 403 },
  authorization_expired: { status: 410 },
  // Profile, contacts and IBAN (docs/decisions/0010-profile-contacts-iban.md).
  invalid_iban: { status: 422 },
  // Optimistic concurrency on the profile (docs/decisions/0071-profile-versions.md).
  profile_changed: { status: 412 },
  contact_minimum: { status: 409 },
  contact_is_primary: { status: 409 },
  contact_used_by_mfa: { status: 409 },
  primary_needs_mfa: { status: 409 },
  // Onboarding (docs/decisions/0011-onboarding.md).
  invalid_activation_code: { status: 422 },
  invalid_invitation_code: { status: 422 },
  invitation_expired: { status: 410 },
  invitation_used: { status: 409 },
  card_already_activated: { status: 409 },
  card_activation_pending: { status: 409 },
  link_expired: { status: 410 },
  onboarding_expired: { status: 410 },
  onboarding_step: { status: 409 },
  onboarding_invalid_email: { status: 422 },
  onboarding_invalid_phone: { status: 422 },
  terms_required: { status: 422 },
  terms_outdated: { status: 409 },
  // Account merge (docs/decisions/0012-fuzzion.md); texts from SPEC §8.
  fuzzion_invalid: { status: 422 },
  fuzzion_failed: { status: 409 },
  // Closing the account (docs/decisions/0079-account-closure.md).
  account_closing: { status: 409 },
  closure_merge_in_progress: { status: 409 },
  closure_already_requested: { status: 409 },
  closure_link_invalid: { status: 404 },
  closure_link_used: { status: 410 },
  closure_link_expired: { status: 410 },
  preferences_changed: { status: 412 },
  // Company administration and the operator's admin API (docs/decisions/0077-company-admin.md).
  invitation_revoked: { status: 410 },
  invitation_not_pending: { status: 409 },
  already_member: { status: 409 },
  already_invited: { status: 409 },
  // The operator's card import in the console.
  cards_csv_invalid: { status: 422 },
  csv_invalid: { status: 422 },
  locked_by_support: { status: 409 },
  already_suspended: { status: 409 },
  not_suspended: { status: 409 },
  webhook_destination_refused: { status: 422 },
  webhook_already_delivered: { status: 409 },
  // The operator's OAuth clients (docs/decisions/0076-administration.md).
  client_changed: { status: 412 },
  client_exists: { status: 409 },
  client_first_party: { status: 409 },
  client_public_no_secret: { status: 409 },
  // Administration (docs/decisions/0076-administration.md).
  staff_mfa_required: { status: 403 },
  reason_required: { status: 422 },
  search_too_short: { status: 422 },
  identity_check_failed: { status: 422 },
  mfa_reset_pending: { status: 409 },
  mfa_reset_decided: { status: 409 },
  self_approval: { status: 409 },
  no_verified_contact: { status: 409 },
  staff_self_change: { status: 409 },
  last_security_officer: { status: 409 },
  staff_account_unknown: { status: 422 },
  staff_company_required: { status: 422 },
  /** The database cannot be reached right now (a restart, a failover): nothing was done. */
  unavailable: { status: 503 },
  server_error: { status: 500 },
} as const satisfies Record<keyof typeof english, { status: number }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export type ErrorMessages = Record<ErrorCode, string>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
