// `npm run bench [-- --quick] [-- --postgres | --pglite] [-- --no-frontend | --frontend-only]`: measures the portal
// against the limits of this machine, in one run, and prints the table of docs/performance.md.
// Writes bench/results.json. Needs PostgreSQL on 127.0.0.1:5432 (database `test`, or
// BENCH_DATABASE_URL) for the PostgreSQL figures; without it they are reported as skipped.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildWebApp } from '../robustness/web-build.mjs';
import { BenchBrowser } from './client.mjs';
import { firstVisitBytes, lighthouseScores } from './frontend.mjs';
import { buildServer, nodeJson, ROOT, SERVER_DIST } from './processes.mjs';
import { printTable, tableRows } from './report.mjs';
import { DEMO_PASSWORD, LOGIN_USERS, serverFigures } from './server-figures.mjs';

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
// The front-end figures alone (bytes, Lighthouse), on PGlite: no load test runs.
const frontendOnly = args.has('--frontend-only');
const modes =
  args.has('--pglite') || frontendOnly
    ? ['pglite']
    : args.has('--postgres')
      ? ['postgres']
      : ['postgres', 'pglite'];
// BENCH_SECONDS / BENCH_WARM_SECONDS: the length of each measurement and of its warm-up (a shared
// machine keeps runs short; compare the ratios of one run, never absolute figures across runs).
const durations = {
  ...(quick ? { warm: 1, measure: 3, samples: 10 } : { warm: 3, measure: 15, samples: 40 }),
  ...(process.env.BENCH_SECONDS ? { measure: Number(process.env.BENCH_SECONDS) } : {}),
  ...(process.env.BENCH_WARM_SECONDS ? { warm: Number(process.env.BENCH_WARM_SECONDS) } : {}),
};
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const started = Date.now();
const log = (message) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0)} s] ${message}`);

const results = {
  date: new Date().toISOString(),
  quick,
  machine: { cores: availableParallelism(), node: process.version, platform: process.platform },
  durations,
};

// The SPA is built for this run into a directory of its own (WEB_DIST_DIR), so that a build made
// meanwhile in packages/web/dist cannot change the files under test; --no-build serves that one.
const ownDist =
  !args.has('--no-build') &&
  readFileSync(join(ROOT, 'packages/api/src/config.ts'), 'utf8').includes('WEB_DIST_DIR');
const webDist = ownDist
  ? mkdtempSync(join(tmpdir(), 'vestibule-bench-web-'))
  : join(ROOT, 'packages/web/dist');
if (!args.has('--no-build')) {
  log('building the web app');
  buildWebApp(webDist);
}
process.env.WEB_DIST_DIR = webDist;

// The server under test is the compiled build (as `npm start` runs it), not tsx: its own directory,
// so a build made meanwhile in packages/api/dist cannot change what is measured.
log('building the server');
results.serverBuild = buildServer();

log('time of one password hash at the production parameters');
results.hash = await nodeJson(['--import', 'tsx', 'bench/hash-time.ts', quick ? '8' : '30']);
results.hash.limitPerSecond = results.machine.cores / (results.hash.ms / 1000);
// Figure 0b: what the hardware allows of that limit, one hash loop per core (decision 0063).
log('concurrent password hashes, one loop per core');
results.hashCeiling = await nodeJson([
  '--import',
  'tsx',
  'bench/hash-ceiling.ts',
  String(results.machine.cores),
  quick ? '2' : '4',
]);
results.hashCeiling.ofLimit = results.hashCeiling.perSecond / results.hash.limitPerSecond;
// Figure 9: one e-mail render, the part of a message-sending request that is not a statement.
log('time of one e-mail render');
results.emailRender = await nodeJson(['--import', 'tsx', 'bench/email-render-time.ts', quick ? '10' : '40']);

async function frontend(origin, user) {
  if (args.has('--no-frontend')) return undefined;
  log('front end: first visit of /login/email, Lighthouse');
  const bytes = await firstVisitBytes(origin, '/login/email');
  // The dashboard as a logged-in user opening a new tab: the login cookie resumes the session. Each
  // run signs in afresh from the device the server figures signed in from (a known device: no
  // new-device e-mail).
  const cookie = async () => {
    const browser = new BenchBrowser(origin);
    browser.deviceId = user.deviceId;
    await browser.logIn(LOGIN_USERS[0], DEMO_PASSWORD);
    return [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  };
  const lighthouse = await lighthouseScores(
    origin,
    [{ path: '/login/email' }, { path: '/user/dashboard', cookie }],
    quick ? 1 : 3,
  );
  return { bytes, lighthouse };
}

/** A PostgreSQL schema of our own, created here and dropped at the end. */
async function withSchema(run) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    return { skipped: `PostgreSQL not reachable at ${databaseUrl}: ${/** @type {Error} */ (error).message}` };
  }
  const schema = `bench_${process.pid}`;
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  try {
    return await run(schema);
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
}

let frontendDone = false;
const onceFrontend = async (origin, user) => {
  if (frontendDone) return undefined;
  frontendDone = true;
  return frontend(origin, user);
};
for (const mode of modes) {
  log(`server on ${mode}`);
  results[mode] =
    mode === 'postgres'
      ? await withSchema((schema) =>
          serverFigures({ kind: 'postgres', url: databaseUrl, schema }, durations, log, onceFrontend, {
            serverMain: results.serverBuild,
            scaling: !args.has('--no-scaling'),
            peer: !args.has('--no-peer'),
          }),
        )
      : await serverFigures({ kind: 'pglite' }, durations, log, onceFrontend, {
          frontendOnly,
          serverMain: results.serverBuild,
        });
  if (results[mode].peer) {
    results.peer = results[mode].peer;
    delete results[mode].peer;
  }
  if (results[mode].frontend) {
    results.frontend = { ...results[mode].frontend, server: mode };
    delete results[mode].frontend;
  }
  if (frontendOnly) delete results[mode];
}

if (ownDist) rmSync(webDist, { recursive: true, force: true });
rmSync(SERVER_DIST, { recursive: true, force: true });
results.seconds = Math.round((Date.now() - started) / 1000);
results.table = tableRows(results);
writeFileSync(new URL('results.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
printTable(results.table);
log(`done; bench/results.json written`);
