import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { CAPTCHA_PROVIDERS } from '@vestibule/contract/captcha';
import { CAPTCHA_PROVIDER_DATA } from '@vestibule/contract/captchaProviders';
import { type EditionId, editionForHost } from '@vestibule/contract/editions';
import { DEFAULT_TAG_MANAGER_ORIGIN } from '@vestibule/contract/spaConfig';
import { z } from 'zod';
import { productionProblems } from './production-refusals';

/** An origin (scheme, host and port only): `https://account.example.com`. */
const publicOrigin = z
  .url({ protocol: /^https?$/ })
  .refine((value) => {
    const url = new URL(value);
    return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  }, 'must be an origin such as https://account.example.com, without path, query or credentials')
  .transform((value) => new URL(value).origin);

/** Environment variables, validated at start with one clear message per wrong variable. */
/** The keys of ENCRYPTION_KEY: one, or a comma-separated list with the active key first. */
function encryptionKeyList(value: string): string[] {
  return value
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** `on` says production runs on the embedded database (one instance) on purpose. */
  EMBEDDED_DATABASE: z.enum(['on', 'off']).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** How long a new connection may take; a query waits for a free one at most as long. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** Longest statement (server side, and client side a little later for a stalled server). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  /** A transaction left idle this long is ended by the server, freeing its locks. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** off: the server does not migrate but waits for `npm run migrate` (a release Job) to have done it. */
  MIGRATE: z.enum(['on', 'off']).default('on'),
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
  /** Messages of one outbox batch sent at once, and SMTP connections kept open for them. */
  OUTBOX_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
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
  /** Where the tag manager's script is loaded from: Google's, or the operator's server-side proxy. */
  TAG_MANAGER_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_TAG_MANAGER_ORIGIN),
  /** Builds for develop and staging prefix the login cookie name with production_ (SPEC §3). */
  COOKIE_FLAVOUR: z.enum(['production', 'develop', 'staging']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Login attempts allowed per client IP in 15 minutes. */
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(100),
  /** Which proxies' X-Forwarded-For entries count: false, a hop count, or addresses/CIDRs (true: any). */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (trust === undefined) {
        ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FORMS });
        return z.NEVER;
      }
      return trust;
    }),
  /**
   * Base64 of 32 random bytes: key of secrets at rest (card data, TOTP secrets, code hashes). A
   * comma-separated list during a rotation: the active key first, then the older ones (decision 0067).
   */
  ENCRYPTION_KEY: z
    .string()
    .refine(
      (value) =>
        encryptionKeyList(value).length > 0 &&
        encryptionKeyList(value).every((key) => Buffer.from(key, 'base64').length === 32),
      'must be base64 of exactly 32 bytes, or a comma-separated list of such keys (the active one first)',
    )
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
  /** Error reports of the server (a Sentry DSN); of the SPA (SENTRY_DSN_WEB, public). */
  SENTRY_DSN: z.url({ protocol: /^https?$/ }).optional(),
  SENTRY_DSN_WEB: z.url({ protocol: /^https?$/ }).optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).optional(),
  /** Shares of requests traced and of SPA sessions replayed by the error service: 0 unless set (SPEC). */
  SENTRY_TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0),
  SENTRY_REPLAYS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** Days the audit trail (security events) is kept before the purge deletes it. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(400),
  /** Days a closed account can still be kept before its personal data is erased (decision 0079). */
  CLOSURE_GRACE_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  /** Days an ended session's row (device, browser, address) is kept before the purge deletes it. */
  SESSION_RETENTION_DAYS: z.coerce.number().int().min(1).max(90).default(1),
  /** Days a delivered or failed message (recipient, no body) and webhook delivery are kept. */
  MESSAGE_RETENTION_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  /** How often the purge of expired rows runs (one instance at a time). */
  PURGE_INTERVAL_MINUTES: z.coerce.number().int().min(1).default(60),
});

export type Config = ReturnType<typeof loadConfig>;

/** A half-configured SMS provider (any environment): the variables it still needs. */
function smsProblems(e: z.infer<typeof envSchema>): string[] {
  if (!e.SMS_ACCOUNT_SID && !e.SMS_AUTH_TOKEN) return [];
  const missing = [
    ['SMS_ACCOUNT_SID', e.SMS_ACCOUNT_SID],
    ['SMS_AUTH_TOKEN', e.SMS_AUTH_TOKEN],
  ].filter(([, value]) => !value);
  if (!e.SMS_SENDER_GENERAL && !e.SMS_SENDER_LU) missing.push(['SMS_SENDER_GENERAL', undefined]);
  return missing.map(([name]) => `${name}: required when SMS is configured`);
}

/** The SMS provider settings when an account is configured (smsProblems has vetted them). */
function smsSettings(e: z.infer<typeof envSchema>) {
  if (!e.SMS_ACCOUNT_SID || !e.SMS_AUTH_TOKEN) return undefined;
  const senders: Record<string, string> = {};
  if (e.SMS_SENDER_GENERAL) senders.general = e.SMS_SENDER_GENERAL;
  if (e.SMS_SENDER_LU) senders.lu = e.SMS_SENDER_LU;
  return { apiUrl: e.SMS_API_URL, accountSid: e.SMS_ACCOUNT_SID, authToken: e.SMS_AUTH_TOKEN, senders };
}

export class ConfigError extends Error {}

/**
 * The public origin of each edition. Production names both (links and issuers never come from a
 * request's Host; productionProblems requires them); elsewhere they default to the local
 * addresses the README prints.
 */
function publicUrls(e: z.infer<typeof envSchema>): Record<EditionId, string> {
  return {
    general: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    lu: e.PUBLIC_URL_LU ?? `http://lu.localhost:${e.PORT}`,
  };
}

/** Each origin's host must select its own edition. */
function publicUrlProblems(e: z.infer<typeof envSchema>, urls: Record<EditionId, string>): string[] {
  const problems: string[] = [];
  for (const [id, name] of [
    ['general', 'PUBLIC_URL'],
    ['lu', 'PUBLIC_URL_LU'],
  ] as const) {
    if (editionForHost(new URL(urls[id]).hostname, e.LU_HOST_MARKER).id !== id) {
      problems.push(
        `${name}: its host must select the ${id === 'lu' ? 'Luxembourg' : 'general'} edition (LU_HOST_MARKER is "${e.LU_HOST_MARKER}")`,
      );
    }
  }
  return problems;
}

/** Rules between variables, in every environment. */
function consistencyProblems(e: z.infer<typeof envSchema>, urls: Record<EditionId, string>): string[] {
  const problems = [...smsProblems(e), ...publicUrlProblems(e, urls)];
  if (e.CAPTCHA_PROVIDER && (!e.CAPTCHA_SITE_KEY || !e.CAPTCHA_SECRET)) {
    problems.push('CAPTCHA_PROVIDER: needs CAPTCHA_SITE_KEY and CAPTCHA_SECRET as well');
  }
  if (e.EMBEDDED_DATABASE === 'on' && e.DATABASE_URL) {
    problems.push('EMBEDDED_DATABASE: on contradicts DATABASE_URL (unset one of them)');
  }
  return problems;
}

/**
 * TRUST_PROXY in Fastify's trustProxy forms: true/false, a hop count, or a comma-separated list
 * of addresses, CIDR ranges and proxy-addr's names (loopback, linklocal, uniquelocal).
 */
export function parseTrustProxy(value: string): boolean | number | string[] | undefined {
  const text = value.trim();
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^\d+$/.test(text)) return Number(text) <= 255 ? Number(text) : undefined;
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : undefined;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const TRUST_PROXY_FORMS =
  'must be false, the number of proxies in front (e.g. 1), or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)';

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

function refuse(problems: string[]): never {
  throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
}

/** Reads and checks the environment; every problem is listed at once in one ConfigError. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  const refusals = productionProblems(env);
  if (!parsed.success) {
    refuse([...parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`), ...refusals]);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const urls = publicUrls(e);
  const problems = [...refusals, ...consistencyProblems(e, urls)];
  if (problems.length) refuse(problems);
  const devInbox = e.DEV_INBOX ? e.DEV_INBOX === 'on' : !production && !e.SMTP_URL;
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    migrateAtStart: e.MIGRATE === 'on',
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
    outboxConcurrency: e.OUTBOX_CONCURRENCY,
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
    /** Only the origin counts: the script's path is the tag manager's own (gtm.js). */
    tagManagerOrigin: new URL(e.TAG_MANAGER_URL).origin,
    cookiePrefix: e.COOKIE_FLAVOUR === 'production' ? '' : 'production_',
    secureCookies: production,
    logLevel: e.LOG_LEVEL,
    /** Fastify's trustProxy: whose X-Forwarded-For entries make request.ip. */
    trustProxy: e.TRUST_PROXY,
    loginPerIpLimit: e.RATE_LIMIT_LOGIN_PER_IP,
    /** The keyring, active key first. Undefined outside production: DATA_DIR/encryption.key then. */
    encryptionKeys: e.ENCRYPTION_KEY
      ? encryptionKeyList(e.ENCRYPTION_KEY).map((key) => Buffer.from(key, 'base64'))
      : undefined,
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
    /** Undefined without SENTRY_DSN: nothing is reported and @sentry/node is never loaded. */
    errorReporting: e.SENTRY_DSN
      ? {
          dsn: e.SENTRY_DSN,
          environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV,
          tracesSampleRate: e.SENTRY_TRACES_SAMPLE_RATE,
        }
      : undefined,
    /** The SPA's error reports (spaConfig): undefined without SENTRY_DSN_WEB. */
    webErrorReporting: e.SENTRY_DSN_WEB
      ? {
          dsn: e.SENTRY_DSN_WEB,
          environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV,
          tracesSampleRate: e.SENTRY_TRACES_SAMPLE_RATE,
          replaysSampleRate: e.SENTRY_REPLAYS_SAMPLE_RATE,
        }
      : undefined,
    metricsPort: e.METRICS_PORT,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    closureGraceDays: e.CLOSURE_GRACE_DAYS,
    sessionRetentionDays: e.SESSION_RETENTION_DAYS,
    messageRetentionDays: e.MESSAGE_RETENTION_DAYS,
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
