import { resolve } from 'node:path';
import { CAPTCHA_PROVIDER_DATA, CAPTCHA_PROVIDERS } from '@vestibule/contract/captcha';
import { type EditionId, editionForHost } from '@vestibule/contract/editions';
import { z } from 'zod';

/** An origin (scheme, host and port only): `https://account.example.com`. */
const publicOrigin = z
  .url({ protocol: /^https?$/ })
  .refine((value) => {
    const url = new URL(value);
    return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  }, 'must be an origin such as https://account.example.com, without path, query or credentials')
  .transform((value) => new URL(value).origin);

/** Environment variables, validated at start with one clear message per wrong variable. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** A built SPA elsewhere than packages/web/dist (tests and previews of one build). */
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Demo accounts on an empty database (README); default on outside production, never in it. */
  SEED_DEMO_DATA: z.enum(['on', 'off']).optional(),
  /** redis://… to share rate-limit counters between instances in Redis instead of the database. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  LU_HOST_MARKER: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be one host-name label such as "lu"')
    .default('lu'),
  /** Comma-separated host names (without port) this portal answers for; empty = any (production: the public hosts). */
  ALLOWED_HOSTS: z.string().default(''),
  /** Public origins of the editions: every absolute link and the OIDC issuers (required in production). */
  PUBLIC_URL: publicOrigin.optional(),
  PUBLIC_URL_LU: publicOrigin.optional(),
  /** Sessions end this long after the login whatever their use, and after this long unused. */
  SESSION_MAX_AGE_DAYS: z.coerce.number().min(0.0001).max(365).default(30),
  SESSION_IDLE_DAYS: z.coerce.number().min(0.0001).max(365).default(30),
  /** New passwords are checked against the Pwned Passwords range API (k-anonymity) or not. */
  BREACHED_PASSWORDS: z.enum(['api', 'off']).optional(),
  BREACHED_PASSWORDS_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.pwnedpasswords.com'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Vestibule <no-reply@vestibule.test>'),
  /** Sender of the Luxembourg edition's e-mails; MAIL_FROM when unset. */
  MAIL_FROM_LU: z.string().optional(),
  /**
   * The operator named in every e-mail's footer, per edition (`_LU` for Luxembourg): legal name,
   * postal address, company registration, support e-mail and phone. Unset: the demo values of
   * delivery/messages/brand.ts.
   */
  MAIL_COMPANY: z.string().min(1).optional(),
  MAIL_COMPANY_LU: z.string().min(1).optional(),
  MAIL_ADDRESS: z.string().min(1).optional(),
  MAIL_ADDRESS_LU: z.string().min(1).optional(),
  MAIL_REGISTRATION: z.string().min(1).optional(),
  MAIL_REGISTRATION_LU: z.string().min(1).optional(),
  SUPPORT_EMAIL: z.email().optional(),
  SUPPORT_EMAIL_LU: z.email().optional(),
  SUPPORT_PHONE: z.string().min(1).optional(),
  SUPPORT_PHONE_LU: z.string().min(1).optional(),
  /** SMS over the Twilio Messages API (or a compatible gateway); all of SID, token and a sender. */
  SMS_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.twilio.com'),
  SMS_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  SMS_SENDER_GENERAL: z.string().min(1).max(16).optional(),
  SMS_SENDER_LU: z.string().min(1).max(16).optional(),
  /** The dev inbox keeps sent messages readable at /dev/inbox; default on outside production. */
  DEV_INBOX: z.enum(['on', 'off']).optional(),
  /** Comma-separated host names webhooks may reach although they resolve to private addresses. */
  WEBHOOK_ALLOWED_HOSTS: z.string().optional(),
  TAG_MANAGER_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/, 'must look like GTM-XXXXXXX')
    .optional(),
  /** Builds for develop and staging prefix the login cookie name with production_ (SPEC §3). */
  COOKIE_FLAVOUR: z.enum(['production', 'develop', 'staging']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Login attempts allowed per client IP in 15 minutes. */
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(100),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Base64 of 32 random bytes: key of secrets at rest (TOTP secrets, code hashes). */
  ENCRYPTION_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be base64 of exactly 32 bytes')
    .optional(),
  /** Codes sent per account and per client IP per hour; SMS per number per hour. */
  RATE_LIMIT_CODES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_CODES_PER_IP: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_SMS_PER_NUMBER: z.coerce.number().int().min(1).default(5),
  /** Code checks per client IP per 15 minutes. */
  RATE_LIMIT_CODE_CHECKS_PER_IP: z.coerce.number().int().min(1).default(200),
  /** Code checks per account per 15 minutes, across challenges. */
  RATE_LIMIT_CODE_CHECKS_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  /** Forgot-password and forgot-username requests per client IP per hour (each). */
  RATE_LIMIT_RECOVERY_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Calls to /oauth/token (and its revocation and introspection) per client IP per 15 minutes. */
  RATE_LIMIT_OAUTH_TOKEN_PER_IP: z.coerce.number().int().min(1).default(600),
  /** Captcha on recovery (and other flows that ask for it): provider, keys, verify URL override. */
  CAPTCHA_PROVIDER: z.enum(CAPTCHA_PROVIDERS).optional(),
  CAPTCHA_SITE_KEY: z.string().min(1).optional(),
  CAPTCHA_SECRET: z.string().min(1).optional(),
  CAPTCHA_VERIFY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** A MaxMind DB file (GeoLite2/GeoIP2 City) for the location of sessions; none without it. */
  GEOIP_DB_PATH: z.string().min(1).optional(),
  /** On SIGTERM: how long in-flight requests and the outbox batch may take before the exit. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Bearer token that opens /metrics on the main port (required for it there in production). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A second listener on 127.0.0.1 that serves /metrics only, without a token. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Days the audit trail (security events) is kept before the purge deletes it. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(400),
  /** How often the purge of expired rows runs (one instance at a time). */
  PURGE_INTERVAL_MINUTES: z.coerce.number().int().min(1).default(60),
});

export type Config = ReturnType<typeof loadConfig>;

/** The SMS provider settings when an account is configured; a half-configured one is an error. */
function smsSettings(e: z.infer<typeof envSchema>) {
  if (!e.SMS_ACCOUNT_SID && !e.SMS_AUTH_TOKEN) return undefined;
  const missing = [
    ['SMS_ACCOUNT_SID', e.SMS_ACCOUNT_SID],
    ['SMS_AUTH_TOKEN', e.SMS_AUTH_TOKEN],
  ].filter(([, value]) => !value);
  if (!e.SMS_SENDER_GENERAL && !e.SMS_SENDER_LU) missing.push(['SMS_SENDER_GENERAL', undefined]);
  if (missing.length) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map(([name]) => `  ${name}: required when SMS is configured`).join('\n')}`,
    );
  }
  const senders: Record<string, string> = {};
  if (e.SMS_SENDER_GENERAL) senders.general = e.SMS_SENDER_GENERAL;
  if (e.SMS_SENDER_LU) senders.lu = e.SMS_SENDER_LU;
  return { apiUrl: e.SMS_API_URL, accountSid: e.SMS_ACCOUNT_SID!, authToken: e.SMS_AUTH_TOKEN!, senders };
}

export class ConfigError extends Error {}

/**
 * The public origin of each edition. Production names both (links and issuers never come from a
 * request's Host); elsewhere they default to the local addresses the README prints.
 */
function publicUrls(e: z.infer<typeof envSchema>, production: boolean): Record<EditionId, string> {
  if (production && (!e.PUBLIC_URL || !e.PUBLIC_URL_LU)) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL, PUBLIC_URL_LU: required in production (the origins of the general and Luxembourg editions, e.g. https://account.example.com and https://account.example.lu)',
    );
  }
  const urls = {
    general: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    lu: e.PUBLIC_URL_LU ?? `http://lu.localhost:${e.PORT}`,
  };
  for (const [id, name] of [
    ['general', 'PUBLIC_URL'],
    ['lu', 'PUBLIC_URL_LU'],
  ] as const) {
    if (editionForHost(new URL(urls[id]).hostname, e.LU_HOST_MARKER).id !== id) {
      throw new ConfigError(
        `Invalid configuration:\n  ${name}: its host must select the ${id === 'lu' ? 'Luxembourg' : 'general'} edition (LU_HOST_MARKER is "${e.LU_HOST_MARKER}")`,
      );
    }
  }
  return urls;
}

/** Hosts served: ALLOWED_HOSTS, and in production always the public hosts (by default only them). */
function allowedHosts(e: z.infer<typeof envSchema>, production: boolean, urls: Record<EditionId, string>) {
  const listed = e.ALLOWED_HOSTS.split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  if (!production) return listed;
  const publicHosts = Object.values(urls).map((url) => new URL(url).hostname);
  return [...new Set([...publicHosts, ...listed])];
}

/** The operator named in the e-mails of an edition (delivery/messages/brand.ts); unset: the demo's. */
export interface OperatorDetails {
  company?: string | undefined;
  address?: string | undefined;
  registration?: string | undefined;
  supportEmail?: string | undefined;
  supportPhone?: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const devInbox = e.DEV_INBOX ? e.DEV_INBOX === 'on' : !production && !e.SMTP_URL;
  if (production && devInbox) {
    throw new ConfigError('Invalid configuration:\n  DEV_INBOX: the dev inbox cannot run in production');
  }
  if (production && e.SEED_DEMO_DATA === 'on') {
    throw new ConfigError(
      'Invalid configuration:\n  SEED_DEMO_DATA: demo accounts with a published password cannot run in production',
    );
  }
  if (production && !e.SMTP_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: required in production (the dev inbox is off there)',
    );
  }
  if (e.CAPTCHA_PROVIDER && (!e.CAPTCHA_SITE_KEY || !e.CAPTCHA_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  CAPTCHA_PROVIDER: needs CAPTCHA_SITE_KEY and CAPTCHA_SECRET as well',
    );
  }
  if (production && !e.ENCRYPTION_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  ENCRYPTION_KEY: required in production (base64 of 32 random bytes: `openssl rand -base64 32`)',
    );
  }
  const urls = publicUrls(e, production);
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : undefined,
    seedDemoData: e.SEED_DEMO_DATA ? e.SEED_DEMO_DATA === 'on' : !production,
    luHostMarker: e.LU_HOST_MARKER,
    allowedHosts: allowedHosts(e, production, urls),
    /** Origin of each edition: links in messages, OIDC issuers (http/public-origin.ts). */
    publicUrls: urls,
    sessionMaxAgeSeconds: Math.round(e.SESSION_MAX_AGE_DAYS * 86_400),
    sessionIdleSeconds: Math.round(e.SESSION_IDLE_DAYS * 86_400),
    /** Off by default outside production: tests and offline development never call out. */
    breachedPasswords: {
      mode: e.BREACHED_PASSWORDS ?? (production ? 'api' : 'off'),
      apiUrl: e.BREACHED_PASSWORDS_API_URL.replace(/\/+$/, ''),
    },
    smtpUrl: e.SMTP_URL,
    /** Sender name and address per edition (MAIL_FROM, MAIL_FROM_LU). */
    mailFrom: { general: e.MAIL_FROM, lu: e.MAIL_FROM_LU ?? e.MAIL_FROM } satisfies Record<EditionId, string>,
    /** The operator in the e-mails' footer, per edition (MAIL_COMPANY…, SUPPORT_…). */
    messageOperator: {
      general: {
        company: e.MAIL_COMPANY,
        address: e.MAIL_ADDRESS,
        registration: e.MAIL_REGISTRATION,
        supportEmail: e.SUPPORT_EMAIL,
        supportPhone: e.SUPPORT_PHONE,
      },
      lu: {
        company: e.MAIL_COMPANY_LU,
        address: e.MAIL_ADDRESS_LU,
        registration: e.MAIL_REGISTRATION_LU,
        supportEmail: e.SUPPORT_EMAIL_LU,
        supportPhone: e.SUPPORT_PHONE_LU,
      },
    } satisfies Record<EditionId, OperatorDetails>,
    sms: smsSettings(e),
    devInbox,
    /** Where webhooks may go (delivery/webhooks/destination.ts): production refuses private addresses. */
    webhookPolicy: {
      production,
      allowedHosts: (e.WEBHOOK_ALLOWED_HOSTS ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    },
    tagManagerId: e.TAG_MANAGER_ID,
    cookiePrefix: e.COOKIE_FLAVOUR === 'production' ? '' : 'production_',
    secureCookies: production,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    loginPerIpLimit: e.RATE_LIMIT_LOGIN_PER_IP,
    /** Undefined outside production: the key is then kept in DATA_DIR/encryption.key. */
    encryptionKey: e.ENCRYPTION_KEY ? Buffer.from(e.ENCRYPTION_KEY, 'base64') : undefined,
    codesPerAccountLimit: e.RATE_LIMIT_CODES_PER_ACCOUNT,
    codesPerIpLimit: e.RATE_LIMIT_CODES_PER_IP,
    smsPerNumberLimit: e.RATE_LIMIT_SMS_PER_NUMBER,
    codeChecksPerIpLimit: e.RATE_LIMIT_CODE_CHECKS_PER_IP,
    codeChecksPerAccountLimit: e.RATE_LIMIT_CODE_CHECKS_PER_ACCOUNT,
    recoveryPerIpLimit: e.RATE_LIMIT_RECOVERY_PER_IP,
    oauthTokenPerIpLimit: e.RATE_LIMIT_OAUTH_TOKEN_PER_IP,
    /** Undefined: sessions show no location (flows/sessions/geoip.ts). */
    geoipDbPath: e.GEOIP_DB_PATH ? resolve(e.GEOIP_DB_PATH) : undefined,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    purgeIntervalMs: e.PURGE_INTERVAL_MINUTES * 60_000,
    /** Undefined when no captcha provider is configured: no widget, no verification. */
    captcha: e.CAPTCHA_PROVIDER
      ? {
          provider: e.CAPTCHA_PROVIDER,
          siteKey: e.CAPTCHA_SITE_KEY as string,
          secret: e.CAPTCHA_SECRET as string,
          verifyUrl: e.CAPTCHA_VERIFY_URL ?? CAPTCHA_PROVIDER_DATA[e.CAPTCHA_PROVIDER].verifyUrl,
        }
      : undefined,
  };
}
