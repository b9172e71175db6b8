/**
 * What production requires of every start besides a test's own settings (production-refusals.ts):
 * an operator that is not the demo's, and an SMS provider on a port that refuses at once, so no
 * test ever reaches a real gateway.
 */
export const PRODUCTION_OPERATOR_ENV = {
  SMS_API_URL: 'http://127.0.0.1:1',
  SMS_ACCOUNT_SID: 'ACtest',
  SMS_AUTH_TOKEN: 'test-token',
  SMS_SENDER_GENERAL: 'Operator',
  SMS_SENDER_LU: 'OperatorLU',
  MAIL_COMPANY: 'Example Operator SA',
  MAIL_ADDRESS: 'Avenue des Tests 1, 1000 Bruxelles',
  MAIL_REGISTRATION: 'BCE/KBO 0999.999.999',
  SUPPORT_EMAIL: 'help@operator.example',
  SUPPORT_PHONE: '+32 2 111 11 11',
  MAIL_COMPANY_LU: 'Example Operator Luxembourg S.A.',
  MAIL_ADDRESS_LU: '1, rue des Tests, L-1111 Luxembourg',
  MAIL_REGISTRATION_LU: 'R.C.S. Luxembourg B 999999',
  SUPPORT_EMAIL_LU: 'help@operator.example.lu',
  SUPPORT_PHONE_LU: '+352 21 11 11 11',
} as const;

/**
 * A production start without its database and public hosts: the operator, no mail server (refused
 * at once, no DNS, so its worker never waits) and a fixed key.
 */
export const PRODUCTION_BASE_ENV = {
  NODE_ENV: 'production',
  ...PRODUCTION_OPERATOR_ENV,
  SMTP_URL: 'smtp://127.0.0.1:1',
  ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
} as const;

/** A production app on the embedded database for the abuse tests; both editions' public hosts beside the local ones. */
export const PRODUCTION_APP_ENV = {
  ...PRODUCTION_BASE_ENV,
  EMBEDDED_DATABASE: 'on',
  DEV_INBOX: 'off',
  PUBLIC_URL: 'https://account.example.com',
  PUBLIC_URL_LU: 'https://account.example.lu',
  ALLOWED_HOSTS: 'localhost,lu.localhost',
} as const;
