import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { PGlitePool } from './pglite-pool';
import { PreparingClient } from './prepared';
import type { DB } from './schema';

export type Db = Kysely<DB>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Connections of the PostgreSQL pool (PGlite has one in-process connection and none). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL schema to work in (tests isolate themselves this way). */
  schema?: string | undefined;
  poolSize?: number | undefined;
  /** Connection, statement and idle-in-transaction limits (PostgreSQL only). */
  timeouts?: DatabaseTimeouts | undefined;
  /** Where lost connections are reported (the pool replaces them). */
  log?: Pick<Logger, 'warn'> | undefined;
}

export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  idleInTransactionMs: number;
}

/** The defaults of config.ts (DATABASE_*_TIMEOUT_MS), for callers without a configuration. */
export const DEFAULT_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 15_000,
  idleInTransactionMs: 30_000,
};
/** The client gives a statement this much longer than the server does, then drops the connection. */
const CLIENT_GRACE_MS = 2_000;

/**
 * The pool's settings: a new connection (or a free one) is waited for at most `connectMs`; the
 * server ends a statement after `statementMs` and a transaction left idle after
 * `idleInTransactionMs`; the client stops waiting for an answer a little later (a stalled server
 * never answers, and no server-side limit fires then). TCP keep-alive finds dead peers.
 */
function poolSettings(options: DatabaseOptions): pg.PoolConfig {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  return {
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    Client: PreparingClient,
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.statementMs + CLIENT_GRACE_MS,
    keepAlive: true,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  };
}

/**
 * The server-side limits, set on each new connection before its first statement (queued ahead of
 * it). A SET rather than startup parameters, which PgBouncer refuses unless told to ignore them.
 */
function applySessionLimits(pool: pg.Pool, timeouts: DatabaseTimeouts) {
  const limits = `SET statement_timeout = ${Math.trunc(timeouts.statementMs)}; SET idle_in_transaction_session_timeout = ${Math.trunc(timeouts.idleInTransactionMs)}`;
  // A failure here fails the connection's first statement too, which reports it.
  pool.on('connect', (client) => void client.query(limits).catch(() => {}));
}

/**
 * A lost connection (the server restarted, an administrator or a failover ended it, a proxy timed
 * it out) is an 'error' event on the pool for an idle one and on the client for a lent one: without
 * listeners either would end the process. The pool drops such a client and opens a new one on
 * demand, so reporting it is all there is to do.
 */
function survivePoolErrors(pool: pg.Pool, log: DatabaseOptions['log']) {
  const report = (error: Error & { code?: string }) =>
    log?.warn(
      { code: error.code, reason: error.message },
      'database: a connection was lost; the pool replaces it',
    );
  pool.on('connect', (client) => client.on('error', report));
  // The pool re-emits an idle client's error, which the client's listener above has reported.
  pool.on('error', () => {});
}

// node-postgres returns int8 as strings; counts and ids here fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
// Dates as ISO strings everywhere, so PGlite and PostgreSQL answer alike.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/**
 * PGlite's PostgreSQL runs inside this process, its buffer pool in the WebAssembly memory: the
 * default shared_buffers (160 MB) is touched at start and stays resident (measured: 254 MB RSS
 * for an opened database, 141 MB with 16 MB). The data files sit in the operating system's page
 * cache anyway, so a small pool costs a read from that cache, not from disk (decision 0059).
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB'];

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool(poolSettings(options));
    survivePoolErrors(pool, options.log);
    applySessionLimits(pool, options.timeouts ?? DEFAULT_TIMEOUTS);
    if (options.schema) {
      const client = await pool.connect();
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
      } finally {
        client.release();
      }
    }
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  // Loaded only for the embedded database (decision 0059).
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
    // Same value shapes as the node-postgres parsers above.
    parsers: { 20: (value: string) => Number.parseInt(value, 10), 1082: (value: string) => value },
  });
  if (options.schema) {
    await pglite.exec(
      `CREATE SCHEMA IF NOT EXISTS "${options.schema}"; SET search_path TO "${options.schema}"`,
    );
  }
  const pool = new PGlitePool(pglite);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
