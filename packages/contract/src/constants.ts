// Business constants of SPEC §9 and the security parameters of DESIGN §4, shared by api and web.

export const DEVICE_ID_STORAGE_KEY = 'device-id';
export const ACCOUNT_STORAGE_KEY = 'account';
export const DEVICE_ID_HEADER = 'x-device-id';

/** Session-scoped keys of SPEC §3 (sessionStorage). */
export const SESSION_KEYS = {
  token: 'token',
  loginPayload: 'loginPayload',
  mfaPayload: 'mfaPayload',
  mfaForced: 'mfa_forced',
  /** Set when a login said the password is weak, until /weak-password replaces it. */
  weakPassword: 'weak_password',
  fuzzionPayload: 'fuzzion_payload',
  openApp: 'open_app',
  targetUrl: 'target_url',
  /** The forgot-password flow in progress (payload, recipient, username, reset token). */
  recovery: 'recovery',
  /** What was typed in a contact form (profile, MFA setup) sent through a step-up, put back on return. */
  contactDraft: 'contact_draft',
  /** The step a success screen reports (setup-mfa, setup-totp, fuzzion), set when it happened. */
  stepDone: 'step_done',
} as const;

/** Login token cookie: 30 days, SameSite=Lax, path /, on the parent domain. */
export const LOGIN_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const LOGIN_COOKIE_BASE_NAME = 'login_token';
export const DUPLICATED_COOKIE_BASE_NAME = 'duplicated_token';

/** Client ids of the first-party platforms (SPEC §6): not a partner login, subject to forced MFA. */
export const FIRST_PARTY_CLIENT_IDS = ['2', '51'] as const;

/** password_status values meaning the current password is weak. */
export const WEAK_PASSWORD_STATUSES = [1, 2] as const;

export const RESEND_COUNTDOWN_INITIAL_SECONDS = 15;
export const RESEND_COUNTDOWN_AFTER_RESEND_SECONDS = 30;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export const MESSAGE_CODE_LENGTH = 8;
export const TOTP_CODE_LENGTH = 6;

export const CARD_NUMBER_LENGTH = 16;
export const CARD_NUMBER_PREFIX = '5065';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The small breakpoint of DESIGN §7: below it the mobile layout with a tab bar. */
export const SMALL_BREAKPOINT_PX = 576;

export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** One-time codes (DESIGN §4): lifetime and wrong tries before the challenge is dead. */
export const CODE_CHALLENGE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const TOTP_PERIOD_SECONDS = 30;
/** Authenticator recovery keys made at setup and at each regeneration. */
export const RECOVERY_KEY_COUNT = 10;
/** Letters and digits of a recovery key (shown as ABCDE-12345). */
export const RECOVERY_KEY_LENGTH = 10;
/** Step-up (sudo) grant lifetime on a session (docs/decisions/0006). */
export const SUDO_TTL_SECONDS = 10 * 60;
/** A device trusted at login skips MFA for this long (docs/decisions/0006). */
export const TRUSTED_DEVICE_TTL_SECONDS = 30 * 24 * 60 * 60;
/** HttpOnly cookie holding a trusted device's secret (host-only, path /api; decision 0068). */
export const TRUSTED_DEVICE_COOKIE_BASE_NAME = 'trusted_device';
/** The weak-password change must follow its login within this time. */
export const WEAK_PASSWORD_FRESH_SECONDS = 15 * 60;

/**
 * The interface language chosen last on this browser (the switcher, or the user's language once
 * known): read by the server to pick the pre-rendered page's language (SPEC §1, stored choice
 * first), and by the SPA at start-up. A preference, not a secret: readable by the page.
 */
export const LOCALE_COOKIE = 'vestibule_locale';
