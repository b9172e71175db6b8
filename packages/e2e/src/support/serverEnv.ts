/**
 * What the end-to-end servers (the Chromium suite's and the Firefox smoke test's) run with beside
 * their port and data folder: test mode, the dev inbox, and raised per-IP budgets. Every spec runs
 * from 127.0.0.1 against a few demo accounts in one run: per-IP and hourly per-account budgets
 * would add up across specs (the API tests raise them the same way). The per-username login limit
 * and the per-number SMS budget keep their defaults.
 */
export const TEST_SERVER_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  DEV_INBOX: 'on',
  RATE_LIMIT_LOGIN_PER_IP: '100000',
  RATE_LIMIT_CODES_PER_IP: '100000',
  RATE_LIMIT_CODES_PER_ACCOUNT: '100000',
  RATE_LIMIT_CODE_CHECKS_PER_IP: '100000',
  RATE_LIMIT_RECOVERY_PER_IP: '100000',
} as const;
