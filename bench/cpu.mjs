// CPU per request, for a shared machine where req/s mean nothing (decision 0057):
// `node bench/cpu.mjs [--logins N] [--reads N] [--server <main.js>] [--profile <dir>] [--pglite]`.
// Prepares a schema of BENCH_DATABASE_URL (as the bench does), starts the compiled server, runs
// N password logins (figure 1's load) and N `GET /api/user` (figure 2's), then the bare baseline
// (figure 2b) with the same reads, and prints for each: CPU milliseconds per request of the server
// process, of its PostgreSQL backends and of the load generator (utime+stime from /proc), and
// PostgreSQL transactions per request (pg_stat_database: every statement outside BEGIN…COMMIT is
// one), less what the idle server does in the same time. With --pglite the database runs inside
// the server process: its work is in the server's figures, and there are no transactions to count.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { BenchBrowser } from './client.mjs';
import {
  buildServer,
  cpuTimes,
  freePort,
  load,
  nodeJson,
  SERVER_DIST,
  startProcess,
  stopProcess,
} from './processes.mjs';
import {
  baselineUserSpec,
  DEMO_PASSWORD,
  ENCRYPTION_KEY,
  LOGIN_USERS,
  loginSpec,
  serverEnv,
  startBaseline,
  userSpec,
} from './server-figures.mjs';

const { values: options } = parseArgs({
  options: {
    logins: { type: 'string', default: '600' },
    reads: { type: 'string', default: '20000' },
    server: { type: 'string' },
    profile: { type: 'string' },
    pglite: { type: 'boolean', default: false },
  },
});
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const database = new URL(databaseUrl).pathname.slice(1);
/** utime + stime (or stime alone) of a process or thread in ms, 0 once it is gone. */
function processCpuMs(pid, systemOnly = false) {
  const times = cpuTimes(pid);
  return systemOnly ? times.system : times.own;
}

/** The main thread's CPU (the event loop: HTTP, queries, JSON) apart from the other threads'. */
function mainThreadCpuMs(pid, systemOnly = false) {
  return processCpuMs(`${pid}/task/${pid}`, systemOnly);
}

const onPglite = options.pglite === true;
const monitor = new pg.Client({ connectionString: databaseUrl });
let monitorPid = 0;
if (!onPglite) {
  await monitor.connect();
  const { rows: self } = await monitor.query('SELECT pg_backend_pid() AS pid');
  monitorPid = self[0].pid;
}

/** CPU of every backend of our database but the monitor's, and the database's transactions. */
async function databaseSnapshot() {
  if (onPglite) return { xacts: Number.NaN, cpu: new Map() };
  // Statistics reach pg_stat_database when a backend flushes them (at most once a second).
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await monitor.query('SELECT pg_stat_clear_snapshot()');
  const { rows: stats } = await monitor.query(
    'SELECT xact_commit + xact_rollback AS xacts FROM pg_stat_database WHERE datname = $1',
    [database],
  );
  const { rows: backends } = await monitor.query(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> $2',
    [database, monitorPid],
  );
  /** @type {Map<number, number>} */
  const cpu = new Map(backends.map((row) => [row.pid, processCpuMs(row.pid)]));
  return { xacts: Number(stats[0].xacts), cpu };
}

/** Backend CPU between two snapshots: backends born in between count from zero. */
function backendCpuMs(before, after) {
  let total = 0;
  for (const [pid, ms] of after.cpu) total += ms - (before.cpu.get(pid) ?? 0);
  return total;
}

/** One measured load: per-request CPU of server, backends and load generator, transactions. */
async function measure(label, serverPid, spec, idle) {
  const before = await databaseSnapshot();
  const serverBefore = processCpuMs(serverPid);
  const mainBefore = mainThreadCpuMs(serverPid);
  const mainSystemBefore = mainThreadCpuMs(serverPid, true);
  const started = performance.now();
  const result = await load(spec);
  const seconds = (performance.now() - started) / 1000;
  const serverMs = processCpuMs(serverPid) - serverBefore;
  const mainMs = mainThreadCpuMs(serverPid) - mainBefore;
  const mainSystemMs = mainThreadCpuMs(serverPid, true) - mainSystemBefore;
  const after = await databaseSnapshot();
  // The monitor's own transactions (two per snapshot) and what the idle server does meanwhile.
  const xacts = after.xacts - before.xacts - 3 - (idle ? idle.xactsPerSecond * (seconds + 1.5) : 0);
  const n = result.requests;
  const row = {
    label,
    requests: n,
    non2xx: result.non2xx,
    serverCpuMsPerRequest: round(serverMs / n),
    // The rest of the server's CPU: argon2id in libuv's pool, GC helper threads.
    serverMainThreadCpuMsPerRequest: round(mainMs / n),
    // Of which in the kernel (socket reads and writes, waking libuv's threads).
    serverMainThreadSystemCpuMsPerRequest: round(mainSystemMs / n),
    databaseCpuMsPerRequest: round(backendCpuMs(before, after) / n),
    loadCpuMsPerRequest: round(result.cpuMs / n),
    transactionsPerRequest: onPglite ? null : round(xacts / n),
    rps: Math.round(result.rps),
  };
  console.log(JSON.stringify(row));
  return row;
}

/** Transactions per second of the idle server (its background work). */
async function idleRate(seconds = 4) {
  const before = await databaseSnapshot();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = await databaseSnapshot();
  return { xactsPerSecond: Math.max(0, (after.xacts - before.xacts - 3) / (seconds + 1.5)) };
}

const round = (value) => Math.round(value * 1000) / 1000;

const serverMain = options.server ?? buildServer();
const schema = `bench_cpu_${process.pid}`;
if (!onPglite) await monitor.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
const dataDir = mkdtempSync(join(tmpdir(), 'vestibule-cpu-'));
const dbEnv = onPglite
  ? { DATA_DIR: dataDir, BENCH_PGLITE_DIR: join(dataDir, 'pglite') }
  : {
      DATABASE_URL: `${databaseUrl}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      DATA_DIR: dataDir,
    };
try {
  await nodeJson(
    ['--import', 'tsx', 'bench/prepare.ts'],
    onPglite
      ? { BENCH_PGLITE_DIR: dbEnv.BENCH_PGLITE_DIR, ENCRYPTION_KEY }
      : { DATABASE_URL: databaseUrl, BENCH_SCHEMA: schema, ENCRYPTION_KEY },
  );
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const profile = options.profile ? ['--cpu-prof', `--cpu-prof-dir=${options.profile}`] : [];
  const server = await startProcess(
    [...SERVER_NODE_FLAGS, ...profile, serverMain],
    serverEnv(port, dbEnv),
    `${origin}/readyz`,
  );
  let user;
  try {
    user = new BenchBrowser(origin);
    await user.logIn(LOGIN_USERS[0], DEMO_PASSWORD);
    const idle = await idleRate();
    console.log(JSON.stringify({ idle }));
    const logins = Number(options.logins);
    const reads = Number(options.reads);
    if (logins > 0) {
      await load({ ...loginSpec(origin, user, 1), amount: Math.ceil(logins / 5) });
      await measure('password logins', server.pid, { ...loginSpec(origin, user, 1), amount: logins }, idle);
    }
    if (reads > 0) {
      await load({ ...userSpec(origin, user, 1), amount: Math.ceil(reads / 5) });
      await measure('GET /api/user', server.pid, { ...userSpec(origin, user, 1), amount: reads }, idle);
    }
  } finally {
    await stopProcess(server);
  }
  if (Number(options.reads) > 0 && user) {
    const baseline = await startBaseline(dbEnv);
    try {
      const spec = { ...baselineUserSpec(baseline.origin, user, 1), amount: Number(options.reads) };
      await load({ ...spec, amount: Math.ceil(spec.amount / 5) });
      await measure('baseline GET /api/user', baseline.process.pid, spec, undefined);
    } finally {
      await stopProcess(baseline.process);
    }
  }
} finally {
  if (!onPglite) {
    await monitor.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await monitor.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
  if (!options.server) rmSync(SERVER_DIST, { recursive: true, force: true });
}
