import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { registerAdminEndpoint } from './cli/admin-endpoint';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedDemoData } from './db/seed';
import { createLogger } from './logger';
import { resolveEncryptionKey } from './security/encryption-key';
import { databaseRateLimiter } from './security/rate-limit';
import { redisRateLimiter } from './security/redis-rate-limit';
import { createSecretBox } from './security/secret-box';

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  seeded: boolean;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds an empty embedded database, and builds the app. */
export async function createServer(config: Config, options: { seed?: boolean } = {}): Promise<RunningServer> {
  const log = createLogger(config.logLevel);
  // The data directory holds PGlite and, without ENCRYPTION_KEY, the generated encryption key.
  if (!config.databaseUrl || !config.encryptionKey) mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
    poolSize: config.databasePoolSize,
  });
  const applied = await migrate(database.db);
  if (applied.length) log.info({ migrations: applied }, 'migrations applied');
  const secrets = createSecretBox(await resolveEncryptionKey(config));
  const seeded =
    options.seed !== false && config.seedDemoData ? await seedDemoData(database.db, secrets) : false;
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const app = await buildApp({
    config,
    db: database.db,
    rateLimiter: redis ? redisRateLimiter(redis) : databaseRateLimiter(database.db),
    log,
    secrets,
  });
  // PGlite serves one process: admin commands reach the running server instead.
  if (!config.databaseUrl) registerAdminEndpoint(app, config.dataDir);
  return {
    app,
    database,
    seeded,
    async close() {
      await app.close();
      redis?.disconnect();
      await database.close();
    },
  };
}
