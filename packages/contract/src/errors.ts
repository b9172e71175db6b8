// Typed error codes (CONVENTIONS "Contract and errors"): a code cannot exist without its English
// message and HTTP status. Translations live in ./i18n/errors.<language>.ts and are checked by a
// test to cover exactly these codes.

export const ERRORS = {
  validation_failed: { status: 422, en: 'Some fields are missing or invalid.' },
  bad_request: { status: 400, en: 'The request could not be understood.' },
  missing_device_id: { status: 400, en: 'The device identifier is missing or invalid.' },
  unsupported_media_type: { status: 415, en: 'This content type is not supported.' },
  payload_too_large: { status: 413, en: 'The request is too large.' },
  unknown_host: { status: 421, en: 'This portal does not serve that host name.' },
  invalid_credentials: { status: 400, en: 'Invalid username/password.' },
  too_many_attempts: { status: 429, en: 'Too many attempts. Please try again later.' },
  unauthorized: { status: 401, en: 'Please log in again.' },
  forbidden: { status: 403, en: 'You are not allowed to do this.' },
  not_found: { status: 404, en: 'This item does not exist.' },
  method_not_allowed: { status: 405, en: 'This method is not allowed here.' },
  account_locked: { status: 423, en: 'This account is locked. Please contact support.' },
  maintenance: { status: 503, en: 'Sorry, you cannot log in at the moment. Please try again later.' },
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
