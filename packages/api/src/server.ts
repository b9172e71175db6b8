import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app';
import { registerAdminEndpoint } from './cli/admin-endpoint';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/database';
import { migrate, waitForSchema } from './db/migrate';
import { waitForDatabase } from './db/wait-for-database';
import { sealPlainBodies } from './delivery/sealed-body';
import { ErasureJob } from './flows/closure/index';
import { createLogger, wantsPrettyLogs } from './logger';
import { attachHealthSources, startDraining } from './operations/health';
import { openKeyring } from './operations/keyring';
import { PurgeJob } from './operations/purge';
import { fillSearchNames } from './operations/search-names';
import { resolveEncryptionKeys } from './security/encryption-key';
import { databaseRateLimiter } from './security/rate-limit';
import { redisWithDatabaseFallback } from './security/redis-fallback-rate-limit';
import { createSecretBox } from './security/secret-box';
import { seedDemoData } from './seed';

/**
 * The built SPA beside the server: packages/web/dist. This file (src/server.ts) and the bundle
 * (dist/main.js) both sit one level below packages/api, so one relative path serves both.
 */
const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));
/** How often a draining server closes connections that have just become idle. */
const IDLE_SWEEP_MS = 100;

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  seeded: boolean;
  /**
   * Graceful stop: /readyz answers 503 at once, the listener stops accepting, idle keep-alive
   * connections are closed (and each busy one as soon as its request is answered, with
   * `Connection: close`), the outbox worker stops claiming and finishes or releases its batch.
   */
  close(): Promise<void>;
}

/** Migrates at start (MIGRATE=on, the default), or waits for whoever migrates (MIGRATE=off). */
async function bringSchemaToVersion(db: DatabaseHandle['db'], config: Config, log: Logger) {
  if (!config.migrateAtStart) return waitForSchema(db, log);
  const applied = await migrate(db);
  if (applied.length) log.info({ migrations: applied }, 'migrations applied');
}

/** Opens the database, migrates, seeds an empty embedded database, and builds the app. */
export async function createServer(config: Config, options: { seed?: boolean } = {}): Promise<RunningServer> {
  const log = createLogger(config.logLevel, { pretty: wantsPrettyLogs(config.production) });
  // The data directory holds PGlite and, without ENCRYPTION_KEY, the generated encryption key.
  if (!config.databaseUrl || !config.encryptionKeys) mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
    poolSize: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
    log: log.child({ component: 'database' }),
  });
  if (database.kind === 'postgres') await waitForDatabase(database.db, log.child({ component: 'database' }));
  await bringSchemaToVersion(database.db, config, log);
  const secrets = createSecretBox(await resolveEncryptionKeys(config));
  // Refuses to start (naming ENCRYPTION_KEY) with keys that cannot open what the database holds.
  await openKeyring(database.db, secrets, {
    log: (progress) => log.info(progress, 'keyring: sealing values written before sealing'),
  }).catch(async (error) => {
    await database.close();
    throw error;
  });
  const named = await fillSearchNames(database.db);
  if (named) log.info({ named }, 'accounts: folded names for the admin search filled');
  const sealed = await sealPlainBodies(database.db, secrets);
  if (sealed) log.info({ sealed }, 'outbox: bodies written before sealing are now sealed');
  const seeded =
    options.seed !== false && config.seedDemoData ? await seedDemoData(database.db, secrets) : false;
  const databaseLimiter = databaseRateLimiter(database.db);
  // No offline queue: while Redis is down a check goes to the database at once instead of waiting.
  // ioredis loads only when Redis is configured (decision 0059).
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        connectTimeout: 2_000,
      })
    : undefined;
  const fallback = redis
    ? redisWithDatabaseFallback(redis, databaseLimiter, log.child({ component: 'rate-limit' }))
    : undefined;
  const app = await buildApp({
    config: { ...config, webDistDir: config.webDistDir ?? WEB_DIST },
    db: database.db,
    rateLimiter: fallback ?? databaseLimiter,
    log,
    secrets,
  });
  attachHealthSources(app, {
    ...(fallback ? { redisUp: fallback.redisUp } : {}),
    ...(database.poolStats ? { poolStats: database.poolStats } : {}),
  });
  let draining = false;
  // Every answer given while draining closes its connection, so no keep-alive outlives the drain.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  // PGlite serves one process: admin commands reach the running server instead.
  if (!config.databaseUrl) registerAdminEndpoint(app, config.dataDir);
  const purge = new PurgeJob({
    db: database.db,
    secrets,
    log: log.child({ component: 'purge' }),
    intervalMs: config.purgeIntervalMs,
    auditRetentionDays: config.auditRetentionDays,
    sessionRetentionDays: config.sessionRetentionDays,
    messageRetentionDays: config.messageRetentionDays,
  });
  // Closed accounts whose grace period ended are erased; the apps still linked are told.
  const erasure = new ErasureJob({
    db: database.db,
    log: log.child({ component: 'closure' }),
    intervalMs: config.purgeIntervalMs,
    afterErasure: () => app.oauth.endSessionsOfEndedPortalSessions(),
  });
  app.addHook('onReady', async () => {
    purge.start();
    erasure.start();
  });
  return {
    app,
    database,
    seeded,
    async close() {
      draining = true;
      startDraining(app);
      await purge.stop();
      await erasure.stop();
      const sweep = setInterval(() => app.server.closeIdleConnections?.(), IDLE_SWEEP_MS);
      try {
        await app.close();
      } finally {
        clearInterval(sweep);
      }
      redis?.disconnect();
      await database.close();
    },
  };
}
