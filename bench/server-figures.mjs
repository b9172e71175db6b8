// The server figures on one database (PostgreSQL or PGlite): prepare, start the real server, load
// it from bench/load.mjs, then the bare baseline on the same database once the server is stopped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { BenchBrowser, DEMO_PARTNER, partnerRefreshToken } from './client.mjs';
import { peerFigures } from './peer-figures.mjs';
import {
  bearerReadSpec,
  freePort,
  load,
  machineBusyMs,
  nodeJson,
  peakRss,
  preciseCpuMs,
  startProcess,
  stopProcess,
  threadsCpuMs,
} from './processes.mjs';
import { scalingFigures } from './scaling.mjs';

export const DEMO_PASSWORD = 'Demo-password-2026';
/** Two demo accounts without MFA take turns, under the per-username limit of 5 (SPEC). */
export const LOGIN_USERS = ['employee@demo.test', 'weak@demo.test'];
export const ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

export function serverEnv(port, database) {
  return {
    // The allocator settings of `npm start` (decision 0061), as its flags (decision 0059).
    ...SERVER_ENV,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'on',
    DEV_INBOX: 'on',
    ENCRYPTION_KEY,
    // The load comes from one address: per-IP budgets must not be what is measured.
    RATE_LIMIT_LOGIN_PER_IP: '100000000',
    RATE_LIMIT_CODES_PER_IP: '100000000',
    RATE_LIMIT_CODE_CHECKS_PER_IP: '100000000',
    RATE_LIMIT_RECOVERY_PER_IP: '100000000',
    RATE_LIMIT_OAUTH_TOKEN_PER_IP: '100000000',
    ...database,
  };
}

/**
 * `database`: { kind: 'postgres', url, schema } or { kind: 'pglite' }. `durations`: seconds of
 * warm-up and of each measurement. Answers the figures; `withServer(origin)` runs while the server
 * is still up (front-end figures) after its peak memory was read.
 */
export const loginSpec = (origin, user, seconds) => ({
  kind: 'fixed',
  url: origin,
  seconds,
  connections: 4,
  requests: LOGIN_USERS.map((username) => ({
    method: 'POST',
    path: '/api/token',
    headers: { 'content-type': 'application/json', 'x-device-id': user.deviceId },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  })),
});

/** The bare Fastify route of figure 2b (bench/baseline-server.mjs) on the same database. */
export async function startBaseline(dbEnv) {
  const port = await freePort();
  const child = await startProcess(['bench/baseline-server.mjs'], { ...dbEnv, PORT: String(port) }, 'ready');
  return { process: child, origin: `http://127.0.0.1:${port}` };
}

/** The baseline's `GET /api/user` with the user's token. */
export const baselineUserSpec = (origin, user, seconds) =>
  bearerReadSpec(origin, '/api/user', { authorization: `Bearer ${user.token}` }, seconds);

export const userSpec = (origin, user, seconds) =>
  bearerReadSpec(
    origin,
    '/api/user',
    { authorization: `Bearer ${user.token}`, 'x-device-id': user.deviceId, accept: 'application/json' },
    seconds,
  );

export async function serverFigures(
  database,
  durations,
  log,
  withServer,
  { frontendOnly = false, serverMain, scaling = false, peer = false },
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vestibule-bench-'));
  const dbEnv =
    database.kind === 'postgres'
      ? {
          DATABASE_URL: `${database.url}?options=${encodeURIComponent(`-c search_path=${database.schema}`)}`,
          DATA_DIR: dataDir,
        }
      : { DATA_DIR: dataDir, BENCH_PGLITE_DIR: join(dataDir, 'pglite') };
  try {
    log('preparing the database (migrations, demo data, 10,000 sessions)');
    await nodeJson(
      ['--import', 'tsx', 'bench/prepare.ts'],
      database.kind === 'postgres'
        ? { DATABASE_URL: database.url, BENCH_SCHEMA: database.schema, ENCRYPTION_KEY }
        : { BENCH_PGLITE_DIR: dbEnv.BENCH_PGLITE_DIR, ENCRYPTION_KEY },
    );

    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    // BENCH_PROFILE=<dir>: a V8 CPU profile of the server (open it in Chrome DevTools).
    const profile = process.env.BENCH_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : [];
    // With the node flags of `npm start`: the bench measures what an operator runs (decision 0059).
    const server = await startProcess(
      [...SERVER_NODE_FLAGS, ...profile, serverMain],
      serverEnv(port, dbEnv),
      `${origin}/readyz`,
    );
    const figures = { idleRssBytes: peakRss(server.pid) };
    let user;
    try {
      user = new BenchBrowser(origin);
      await user.logIn(LOGIN_USERS[0], DEMO_PASSWORD);
      // --frontend-only: the front-end figures alone, against a server that has run no load.
      if (frontendOnly && withServer) return { frontend: await withServer(origin, user) };

      log('password logins');
      await load(loginSpec(origin, user, durations.warm));
      figures.logins = await measuredCpu(server.pid, () => load(loginSpec(origin, user, durations.measure)));
      // The peak after each figure: which load raises it.
      figures.peakRssAfter = { logins: peakRss(server.pid) };

      log('GET /api/user');
      await load(userSpec(origin, user, durations.warm));
      figures.user = await load(userSpec(origin, user, durations.measure));
      figures.peakRssAfter.user = peakRss(server.pid);

      log('OAuth refresh-token rotation');
      const tokens = [];
      for (let i = 0; i < 8 + 8; i++) tokens.push(await partnerRefreshToken(user));
      const refreshSpec = (seconds, chains) => ({
        kind: 'refresh',
        url: origin,
        seconds,
        clientId: DEMO_PARTNER.clientId,
        tokens: chains,
      });
      await load(refreshSpec(durations.warm, tokens.slice(8)));
      // The server process's own CPU time over the measured chains gives the second per-core figure,
      // refreshes per second of server CPU (decision 0062).
      figures.refresh = await measuredCpu(server.pid, () =>
        load(refreshSpec(durations.measure, tokens.slice(0, 8))),
      );
      figures.peakRssAfter.refresh = peakRss(server.pid);

      log('sessions page of a user with 10,000 sessions');
      figures.sessionsPage = await sessionsPage(origin, durations.samples);

      figures.peakRssBytes = peakRss(server.pid);
      if (withServer) {
        figures.frontend = await withServer(origin, user);
        figures.peakRssAfter.frontend = peakRss(server.pid);
      }
      // better-auth beside this server, the same loads in alternating slices (decision 0041).
      if (peer)
        figures.peer = await peerFigures(database.url, durations, log, {
          loginSpec: (seconds) => loginSpec(origin, user, seconds),
          userSpec: (seconds) => userSpec(origin, user, seconds),
        });
      if (figures.peer) figures.peer.oursPeakRssBytes = peakRss(server.pid);
    } finally {
      await stopProcess(server);
    }

    log('baseline: bare Fastify route, same query, same database');
    const baseline = await startBaseline(dbEnv);
    try {
      const spec = (seconds) => baselineUserSpec(baseline.origin, user, seconds);
      await load(spec(durations.warm));
      figures.userBaseline = await load(spec(durations.measure));
    } finally {
      await stopProcess(baseline.process);
    }
    if (scaling)
      figures.scaling = await scalingFigures({
        startInstance: async (instancePort) => ({
          port: instancePort,
          child: await startProcess(
            [...SERVER_NODE_FLAGS, serverMain],
            serverEnv(instancePort, dbEnv),
            `http://127.0.0.1:${instancePort}/readyz`,
          ),
        }),
        loginSpec,
        userSpec,
        durations,
        log,
        login: { username: LOGIN_USERS[0], password: DEMO_PASSWORD },
      });
    return figures;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs a measured load and adds to its figures the CPU it cost: `serverCpuMs`, the server process's
 * own (all its threads, to the nanosecond), `poolCpuMs`, its libuv pool's share (the password
 * hashes), and `machineCpuMs`, the whole machine's busy time over the same window (server,
 * database, load generator, kernel), with `elapsedMs`. What a request costs the machine bounds what the cores can
 * answer: the report shows that bound beside the targets counted per machine core (decision 0064).
 */
async function measuredCpu(serverPid, measure) {
  const serverBefore = preciseCpuMs(serverPid);
  const poolBefore = threadsCpuMs(serverPid, 'libuv-worker');
  const machineBefore = machineBusyMs();
  const started = performance.now();
  const figures = await measure();
  const machineAfter = machineBusyMs();
  return {
    ...figures,
    serverCpuMs: preciseCpuMs(serverPid) - serverBefore,
    poolCpuMs: threadsCpuMs(serverPid, 'libuv-worker') - poolBefore,
    machineCpuMs: machineBefore === null || machineAfter === null ? null : machineAfter - machineBefore,
    elapsedMs: performance.now() - started,
  };
}

/** Time of GET /api/sessions (first page) for the user with 10,000 sessions, one at a time. */
async function sessionsPage(origin, samples) {
  const browser = new BenchBrowser(origin);
  await browser.logIn('fridom@demo.test', DEMO_PASSWORD);
  const times = [];
  /** @type {{ session_count: number, data: unknown[] }} */
  let body = { session_count: 0, data: [] };
  for (let i = 0; i < samples + 2; i++) {
    const started = performance.now();
    const response = await browser.fetch('/api/sessions', { api: true });
    body = /** @type {typeof body} */ (await response.json());
    if (response.status !== 200)
      throw new Error(`GET /api/sessions: ${response.status} ${JSON.stringify(body)}`);
    if (i >= 2) times.push(performance.now() - started); // two warm-up calls
  }
  times.sort((a, b) => a - b);
  const at = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
  return {
    p50: at(0.5),
    p95: at(0.95),
    samples,
    sessionCount: body.session_count,
    pageSize: body.data.length,
  };
}
