import type { Edition } from '@vestibule/contract/editions';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { RateLimiter } from '../security/rate-limit';
import type { SecretBox } from '../security/secret-box';

/** What every handler can reach: configuration, database, limiter, logger, secret box. */
export interface AppContext {
  config: Config;
  db: Db;
  rateLimiter: RateLimiter;
  log: Logger;
  /** Encryption and keyed hashing of secrets at rest. */
  secrets: SecretBox;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** Edition resolved from the Host header (DESIGN §2). */
    edition: Edition;
    /** Two-letter language of the answer's messages, from Accept-Language. */
    language: string;
    /** X-Device-ID, required on /api calls. */
    deviceId: string;
  }
  interface FastifyContextConfig {
    apiRoute?: boolean;
    /** A route of the built SPA's files (http/spa.ts): one metrics label for all of them. */
    builtFiles?: boolean;
  }
}
