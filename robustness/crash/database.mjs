// The database of one crash run. PostgreSQL: a database of its own (vestibule_crash_<pid>),
// created from the admin connection and dropped at the end, whatever the outcome. PGlite: the
// server's DATA_DIR in the run's directory. Both answer the environment of the server and of the
// tsx scripts (prepare.ts, check.ts), which open the same data.
import { join } from 'node:path';
import pg from 'pg';
import { ADMIN_URL, ENCRYPTION_KEY } from './options.mjs';

/**
 * @typedef {object} OpenDatabase
 * @property {undefined} [skipped]
 * @property {Record<string, string>} dbEnv
 * @property {Record<string, string>} checkEnv
 * @property {() => Promise<pg.Client | undefined>} connect
 * @property {() => Promise<void>} close
 */

/**
 * Answers { skipped } when PostgreSQL cannot be reached (the run is then skipped, not failed), else
 * { dbEnv, checkEnv, connect(), close() }.
 * @returns {Promise<{ skipped: string } | OpenDatabase>}
 */
export async function openDatabase(mode, dir) {
  if (mode !== 'postgres') {
    return {
      dbEnv: { DATA_DIR: dir },
      checkEnv: { CRASH_PGLITE_DIR: join(dir, 'pglite'), ENCRYPTION_KEY },
      // PGlite is one process's file: the run cannot look at it while the server holds it.
      connect: async () => undefined,
      close: async () => {},
    };
  }
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    return { skipped: `PostgreSQL not reachable at ${ADMIN_URL}: ${/** @type {Error} */ (error).message}` };
  }
  const dbName = `vestibule_crash_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  /** @type {pg.Client | undefined} */
  let db;
  return {
    dbEnv: { DATABASE_URL: url.toString(), DATA_DIR: dir },
    checkEnv: { DATABASE_URL: url.toString(), ENCRYPTION_KEY },
    /** The run's own connection, to look at the outbox between a kill and the restart. */
    async connect() {
      db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      return db;
    },
    async close() {
      await db?.end();
      // FORCE: a killed server's connections may not have been noticed as gone yet.
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
  };
}
