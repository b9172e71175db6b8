import type { Edition } from '@vestibule/contract/editions';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { RateLimiter } from '../security/rate-limit';

/** What every handler can reach: configuration, database, limiter, logger. */
export interface AppContext {
  config: Config;
  db: Db;
  rateLimiter: RateLimiter;
  log: Logger;
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
  }
}
