// Typed error codes (CONVENTIONS "Contract and errors"): a code cannot exist without its English
// message and HTTP status. Translations live in ./i18n/errors.<language>.ts and are checked by a
// test to cover exactly these codes.

export const ERRORS = {
  validation_failed: { status: 422, en: 'Some fields are missing or invalid.' },
  bad_request: { status: 400, en: 'The request could not be understood.' },
  control_characters: { status: 400, en: 'The request contains control characters, which are not accepted.' },
  missing_device_id: { status: 400, en: 'The device identifier is missing or invalid.' },
  unsupported_media_type: { status: 415, en: 'This content type is not supported.' },
  payload_too_large: { status: 413, en: 'The request is too large.' },
  unknown_host: { status: 421, en: 'This portal does not serve that host name.' },
  invalid_credentials: { status: 400, en: 'Invalid username/password.' },
  unknown_client: { status: 400, en: 'This application is not registered with this portal.' },
  too_many_attempts: { status: 429, en: 'Too many attempts. Please try again later.' },
  sms_limit_reached: {
    status: 429,
    en: 'This number has received as many text messages as we can send in an hour. Choose another way to get your code.',
  },
  unauthorized: { status: 401, en: 'Please log in again.' },
  forbidden: { status: 403, en: 'You are not allowed to do this.' },
  not_found: { status: 404, en: 'This item does not exist.' },
  method_not_allowed: { status: 405, en: 'This method is not allowed here.' },
  account_locked: { status: 423, en: 'This account is locked. Please contact support.' },
  maintenance: { status: 503, en: 'Sorry, you cannot log in at the moment. Please try again later.' },
  mfa_required: { status: 401, en: 'Please confirm your identity with a verification code.' },
  invalid_code: { status: 422, en: 'Your code is invalid, try again.' },
  challenge_expired: { status: 410, en: 'This code is no longer valid. Please ask for a new one.' },
  resend_too_soon: { status: 429, en: 'Please wait a moment before asking for a new code.' },
  'email-duplicated': { status: 409, en: 'This email address is already used. Please use another one.' },
  'phone-duplicated': { status: 409, en: 'This phone number is already used. Please use another one.' },
  'sms-duplicated': {
    status: 409,
    en: 'This phone number already receives your SMS codes. Please use another one.',
  },
  invalid_email: { status: 422, en: 'This email is invalid or already used' },
  invalid_phone: { status: 422, en: 'This phone number is invalid or already used' },
  mfa_minimum: { status: 409, en: 'You must keep at least one email and one SMS verification method.' },
  sudo_required: { status: 403, en: 'Please confirm your identity to continue.' },
  // Passkeys (docs/decisions/0047-passkeys.md).
  passkey_invalid: {
    status: 422,
    en: 'This passkey was not accepted. Try again, or use another way to confirm your identity.',
  },
  passkey_duplicated: { status: 409, en: 'This passkey is already registered on your account.' },
  mfa_setup_required: { status: 403, en: 'Please set up two-step verification first.' },
  weak_password_change_required: { status: 403, en: 'Please choose a new password first.' },
  session_not_fresh: { status: 403, en: 'Please log in again to change your password.' },
  password_too_short: { status: 422, en: 'Your password must have at least 8 characters.' },
  password_too_long: { status: 422, en: 'Your password may have at most 128 characters.' },
  password_common: { status: 422, en: 'This password is too common. Please choose another one.' },
  password_breached: {
    status: 422,
    en: 'This password appeared in a data breach. Please choose another one.',
  },
  password_personal: { status: 422, en: 'Your password must not contain your email address or name.' },
  password_unchanged: { status: 422, en: 'Your new password must differ from the current one.' },
  current_password_invalid: { status: 422, en: 'Your current password is not correct.' },
  invalid_card_number: { status: 422, en: 'Your card number is invalid.' },
  invalid_national_register_number: { status: 422, en: 'Your national register number is invalid.' },
  reset_expired: { status: 410, en: 'This password reset has expired. Please start again.' },
  captcha_required: { status: 400, en: 'Please confirm that you are not a robot.' },
  captcha_failed: { status: 400, en: 'The robot check failed. Please try again.' },
  invalid_partner: {
    status: 404,
    en: "Oops. Seems like the partner you're coming from uses an invalid configuration.",
  },
  reauthentication_required: {
    status: 403,
    en: 'For your security, please log in again to continue to this application.',
  },
  authorization_expired: {
    status: 410,
    en: 'This authorization request has expired. Please go back to the application and try again.',
  },
  // Profile, contacts and IBAN (docs/decisions/0010-profile-contacts-iban.md).
  invalid_iban: { status: 422, en: 'The provided IBAN is invalid.' },
  // Optimistic concurrency on the profile (docs/decisions/0071-profile-versions.md).
  profile_changed: {
    status: 412,
    en: 'Your details were changed elsewhere in the meantime. Check the current details and make your change again.',
  },
  contact_minimum: { status: 409, en: 'You must keep at least one email address and one phone number.' },
  contact_is_primary: {
    status: 409,
    en: 'This is your primary contact and login. Make another one primary first, or change your login.',
  },
  contact_used_by_mfa: {
    status: 409,
    en: 'This contact receives your verification codes. Change it in the Security tab first.',
  },
  primary_needs_mfa: {
    status: 409,
    en: 'Only a verified contact with two-step verification turned on can become primary. Turn it on in the Security tab.',
  },
  // Onboarding (docs/decisions/0011-onboarding.md).
  invalid_activation_code: { status: 422, en: 'Your activation code is invalid.' },
  invalid_invitation_code: { status: 422, en: 'Your invitation code is invalid.' },
  invitation_expired: {
    status: 410,
    en: 'This invitation has expired. Please ask your employer for a new one.',
  },
  invitation_used: {
    status: 409,
    en: 'This invitation has already been used. Please log in to your account.',
  },
  card_already_activated: {
    status: 409,
    en: 'This card has already been activated. Please log in to your account.',
  },
  card_activation_pending: {
    status: 409,
    en: 'This card is linked to an account but could not be activated yet. Please log in to your account: the card is activated once the issuer releases it.',
  },
  link_expired: { status: 410, en: 'This link is no longer valid.' },
  onboarding_expired: { status: 410, en: 'Your sign-up has expired. Please start again.' },
  onboarding_step: { status: 409, en: 'Please complete the previous steps first.' },
  onboarding_invalid_email: { status: 422, en: 'The email provided is invalid' },
  onboarding_invalid_phone: { status: 422, en: 'The phone number provided is invalid' },
  terms_required: {
    status: 422,
    en: 'Please accept the terms and conditions and the privacy statement to continue.',
  },
  terms_outdated: { status: 409, en: 'The terms have changed. Please read and accept the new version.' },
  // Account merge (docs/decisions/0012-fuzzion.md); texts from SPEC §8.
  fuzzion_invalid: { status: 422, en: 'The information you provided is invalid' },
  fuzzion_failed: { status: 409, en: 'A technical error occurred during the merging of the accounts.' },
  // Closing the account (docs/decisions/0079-account-closure.md).
  account_closing: {
    status: 409,
    en: 'This account is being closed. You can still keep it until the end of the grace period.',
  },
  closure_merge_in_progress: {
    status: 409,
    en: 'An account merge is under way. Finish or cancel it before closing your account.',
  },
  closure_already_requested: { status: 409, en: 'This account is already being closed.' },
  closure_link_invalid: {
    status: 404,
    en: 'This link is not valid. Open the whole link from the e-mail, or sign in to keep your account.',
  },
  closure_link_used: {
    status: 410,
    en: 'This link was already used: the closure was cancelled and the account is kept. You can sign in.',
  },
  closure_link_expired: {
    status: 410,
    en: 'The grace period is over: this account was closed and its personal data erased.',
  },
  preferences_changed: {
    status: 412,
    en: 'Your preferences were changed elsewhere in the meantime. Check them and make your change again.',
  },
  // Company administration and the operator's admin API (docs/decisions/0077-company-admin.md).
  invitation_revoked: {
    status: 410,
    en: 'This invitation was withdrawn. Please ask your employer for a new one.',
  },
  invitation_not_pending: {
    status: 409,
    en: 'This invitation can no longer be revoked: it was used, revoked or has expired.',
  },
  already_member: { status: 409, en: 'This person already has an account in your company.' },
  already_invited: { status: 409, en: 'This person already has an invitation waiting.' },
  // The operator's card import in the console.
  cards_csv_invalid: {
    status: 422,
    en: 'Some rows of the file are not valid: no card was imported. Correct them and upload the file again.',
  },
  csv_invalid: {
    status: 422,
    en: 'Some rows of the file are not valid: nobody was invited. Correct them and upload the file again.',
  },
  locked_by_support: {
    status: 409,
    en: 'This account was locked by support, not by your company: only support can restore it.',
  },
  already_suspended: { status: 409, en: 'This access is already suspended.' },
  not_suspended: { status: 409, en: 'This access is not suspended.' },
  webhook_destination_refused: {
    status: 422,
    en: 'This address cannot receive webhooks: use a public HTTPS address.',
  },
  webhook_already_delivered: {
    status: 409,
    en: 'This delivery reached its receiver or is still being sent: it is not sent again.',
  },
  // The operator's OAuth clients (docs/decisions/0076-administration.md).
  client_changed: {
    status: 412,
    en: 'This client was changed by someone else in the meantime. Check its current registration and make your change again.',
  },
  client_exists: { status: 409, en: 'A client with this id is already registered.' },
  client_first_party: {
    status: 409,
    en: "The portal's own clients cannot be disabled or removed.",
  },
  client_public_no_secret: { status: 409, en: 'A public client has no secret to rotate.' },
  // Administration (docs/decisions/0076-administration.md).
  staff_mfa_required: {
    status: 403,
    en: 'Staff sign in with an authenticator app or a passkey. Set one up in your security settings first.',
  },
  reason_required: { status: 422, en: 'Please say why you are doing this.' },
  search_too_short: { status: 422, en: 'Please type at least 3 characters.' },
  identity_check_failed: {
    status: 422,
    en: 'The card number and date of birth do not match this account.',
  },
  mfa_reset_pending: { status: 409, en: 'This account already has an MFA reset waiting for a decision.' },
  mfa_reset_decided: { status: 409, en: 'This request has already been decided.' },
  self_approval: {
    status: 409,
    en: 'You cannot decide your own request: another security officer must do it.',
  },
  no_verified_contact: { status: 409, en: 'This account has no verified contact to send a code to.' },
  staff_self_change: {
    status: 409,
    en: 'You cannot change your own roles: another security officer must do it.',
  },
  last_security_officer: {
    status: 409,
    en: 'This is the last security officer of this edition: grant the role to someone else first.',
  },
  staff_account_unknown: {
    status: 422,
    en: 'No account uses this e-mail address in this edition: the person signs up first.',
  },
  staff_company_required: { status: 422, en: 'Choose the company this person runs.' },
  /** The database cannot be reached right now (a restart, a failover): nothing was done. */
  unavailable: { status: 503, en: 'The service is briefly unavailable. Please try again in a moment.' },
  server_error: { status: 500, en: 'An error has occurred. Please try again later.' },
} as const satisfies Record<string, { status: number; en: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export type ErrorMessages = Record<ErrorCode, string>;

export const EN_ERROR_MESSAGES = Object.fromEntries(
  ERROR_CODES.map((code) => [code, ERRORS[code].en]),
) as ErrorMessages;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
