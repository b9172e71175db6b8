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
import { BenchBrowser, DEMO_PARTNER, partnerRefreshToken } from './client.mjs';
import {
  buildServer,
  freePort,
  load,
  nodeJson,
  SERVER_DIST,
  startProcess,
  stopProcess,
} from './processes.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
};
const seconds = Number(option('--seconds', '10'));
const profileDir = option('--profile', '');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const APPLICATION = `vestibule-refresh-${process.pid}`;
const ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');
/** Linux clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat times. */
const TICKS = 100;

/** CPU seconds of a process from /proc: its own (utime + stime) and its waited children's. */
function cpuOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): utime is field 14, stime 15, cutime 16, cstime 17.
  const user = Number(fields[11]) / TICKS;
  const system = Number(fields[12]) / TICKS;
  const children = (Number(fields[13]) + Number(fields[14])) / TICKS;
  return { own: user + system, user, system, children };
}

async function backendPids(client) {
  const { rows } = await client.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
    APPLICATION,
  ]);
  return rows.map((row) => row.pid);
}

const sumCpu = (pids) =>
  pids.reduce((sum, pid) => {
    try {
      return sum + cpuOf(pid).own;
    } catch {
      return sum; // a backend that ended meanwhile
    }
  }, 0);

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
      '--max-semi-space-size=4',
      '--import',
      './bench/count-statements.mjs',
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      serverMain,
    ],
    {
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'on',
      DEV_INBOX: 'on',
      ENCRYPTION_KEY,
      RATE_LIMIT_LOGIN_PER_IP: '100000000',
      RATE_LIMIT_OAUTH_TOKEN_PER_IP: '100000000',
      DATABASE_URL: `${databaseUrl}?options=${options}&application_name=${APPLICATION}`,
      DATA_DIR: dataDir,
      BENCH_STATEMENT_COUNTS: countsFile,
    },
    'Vestibule is up',
  );
  const user = new BenchBrowser(origin);
  await user.logIn('employee@demo.test', 'Demo-password-2026');
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
    server: cpuOf(server.pid).own,
    serverSystem: cpuOf(server.pid).system,
    backends: sumCpu(pids),
    load: cpuOf(process.pid).children,
  };
  const result = await load(spec(seconds, tokens.slice(0, 8)));
  const after = {
    server: cpuOf(server.pid).own,
    serverSystem: cpuOf(server.pid).system,
    backends: sumCpu(pids),
    load: cpuOf(process.pid).children,
  };
  server.kill('SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 200));
  const laterPids = await backendPids(admin);
  const counts = JSON.parse(readFileSync(countsFile, 'utf8'));
  const refreshes = result.requests;
  const perRefresh = (value) => Math.round((value / refreshes) * 1e6) / 1e3; // ms
  const statements = Object.values(counts).reduce((sum, one) => sum + one, 0);
  console.log(
    JSON.stringify(
      {
        refreshes,
        failed: result.non2xx + result.errors,
        rps: Math.round(result.rps),
        idToken: result.idToken,
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
