// `node bench/refresh-cpu.mjs [--server dist/main.js] [--seconds 10] [--profile DIR]`: the CPU cost
// of one OAuth refresh with rotation (figure 3 of npm run bench), on PostgreSQL, in a form that
// holds on a shared machine: CPU time of the server process, of its PostgreSQL backends and of the
// load generator per refresh, and the SQL statements per refresh by kind (bench/count-statements.mjs
// preloaded into the server). Throughput is printed too but only means something on a quiet machine.
// Database: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), schema
// bench_refresh_<pid>, dropped at the end. Without --server it builds the server (bench/.server-<pid>).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { BenchBrowser, DEMO_PARTNER, partnerRefreshToken } from './client.mjs';
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
import { DEMO_PASSWORD, ENCRYPTION_KEY, serverEnv } from './server-figures.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
};
const seconds = Number(option('--seconds', '10'));
const profileDir = option('--profile', '');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const APPLICATION = `vestibule-refresh-${process.pid}`;
async function backendPids(client) {
  const { rows } = await client.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
    APPLICATION,
  ]);
  return rows.map((row) => row.pid);
}

const sumCpu = (pids) => pids.reduce((sum, pid) => sum + cpuTimes(pid).own, 0);

const serverMain = option('--server', '') || buildServer();
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
const schema = `bench_refresh_${process.pid}`;
await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
const dataDir = mkdtempSync(join(tmpdir(), 'vestibule-refresh-'));
const countsFile = join(dataDir, 'statements.json');
let server;
try {
  await nodeJson(['--import', 'tsx', 'bench/prepare.ts'], {
    DATABASE_URL: databaseUrl,
    BENCH_SCHEMA: schema,
    ENCRYPTION_KEY,
  });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const options = encodeURIComponent(`-c search_path=${schema}`);
  server = await startProcess(
    [
      ...SERVER_NODE_FLAGS,
      '--import',
      './bench/count-statements.mjs',
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      serverMain,
    ],
    {
      ...serverEnv(port, {
        DATABASE_URL: `${databaseUrl}?options=${options}&application_name=${APPLICATION}`,
      }),
      DATA_DIR: dataDir,
      BENCH_STATEMENT_COUNTS: countsFile,
    },
    `${origin}/readyz`,
  );
  const user = new BenchBrowser(origin);
  await user.logIn('employee@demo.test', DEMO_PASSWORD);
  const tokens = [];
  for (let i = 0; i < 16; i++) tokens.push(await partnerRefreshToken(user));
  const spec = (chainSeconds, chains) => ({
    kind: 'refresh',
    url: origin,
    seconds: chainSeconds,
    clientId: DEMO_PARTNER.clientId,
    tokens: chains,
  });
  await load(spec(Math.min(3, seconds), tokens.slice(8)));

  const pids = await backendPids(admin);
  server.kill('SIGUSR2'); // counts restart from zero
  const before = {
    server: cpuTimes(server.pid).own,
    serverSystem: cpuTimes(server.pid).system,
    backends: sumCpu(pids),
    load: cpuTimes(process.pid).children,
  };
  const result = await load(spec(seconds, tokens.slice(0, 8)));
  const after = {
    server: cpuTimes(server.pid).own,
    serverSystem: cpuTimes(server.pid).system,
    backends: sumCpu(pids),
    load: cpuTimes(process.pid).children,
  };
  server.kill('SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 200));
  const laterPids = await backendPids(admin);
  const counts = JSON.parse(readFileSync(countsFile, 'utf8'));
  const refreshes = result.requests;
  const perRefresh = (ms) => Math.round((ms / refreshes) * 1e3) / 1e3;
  const statements = Object.values(counts).reduce((sum, one) => sum + one, 0);
  console.log(
    JSON.stringify(
      {
        refreshes,
        failed: result.non2xx + result.errors,
        rps: Math.round(result.rps),
        idToken: result.idToken,
        // Refreshes per second of the server process's own CPU: figure 3's second per-core figure
        // (Keycloak's sizing guide counts this way; PostgreSQL and the load generator left out).
        perServerCore: Math.round(refreshes / ((after.server - before.server) / 1000)),
        cpuMsPerRefresh: {
          server: perRefresh(after.server - before.server),
          serverInKernel: perRefresh(after.serverSystem - before.serverSystem),
          postgres: perRefresh(after.backends - before.backends),
          loadGenerator: perRefresh(after.load - before.load),
        },
        backends: pids.length,
        backendsChanged: laterPids.length !== pids.length,
        statementsPerRefresh: Math.round((statements / refreshes) * 100) / 100,
        statementsByKind: Object.fromEntries(
          Object.entries(counts)
            .sort((a, b) => b[1] - a[1])
            .map(([kind, count]) => [kind, Math.round((count / refreshes) * 100) / 100]),
        ),
      },
      null,
      2,
    ),
  );
} finally {
  if (server) await stopProcess(server);
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
  if (!option('--server', '')) rmSync(SERVER_DIST, { recursive: true, force: true });
}
