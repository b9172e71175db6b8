// `npm run soak [-- --pglite] [-- --no-build]`: soak. The real server (as
// `npm start` runs it, demo data on) takes SOAK_SECONDS (600) of mixed traffic on 127.0.0.1 from
// SOAK_CONCURRENCY (4) loops: logins and logouts, user, session, notification, timeline and MFA
// reads, step-up code sends, failed logins, OAuth discovery and JWKS, SPA pages and assets of
// both editions, the OpenAPI document. Every answer must have its expected status: a 5xx, a
// network error or an unexpected status fails the run. The server's memory is sampled every 5 s
// after a full garbage collection (robustness/memory-probe.mjs); after a warm-up, the median of
// the last minute must stay within the stated bound of the median of the first minute.
// PostgreSQL by default (SOAK_DATABASE_URL, admin connection; the run creates and drops database
// vestibule_soak_<pid>); --pglite for the embedded database.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ApiClient, freePort, memoryOf, ROOT, sleep, startServer, stopServer } from './server.mjs';
import { buildWebApp } from './web-build.mjs';

const args = new Set(process.argv.slice(2));
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 4);
const SAMPLE_MS = 5_000;
const ADMIN_URL = process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const mode = args.has('--pglite') ? 'pglite' : 'postgres';
const DEMO_PASSWORD = 'Demo-password-2026';
/**
 * Memory bound, on the medians of the first and the last window after the warm-up: the heap after
 * a full collection may grow by 10 % + 4 MB, the resident set by 10 % + 16 MB (the allocator and
 * V8 keep freed pages for a while, PGlite's WebAssembly memory only grows to its high-water mark).
 */
const BOUND = { heap: { ratio: 1.1, plusMB: 4 }, rss: { ratio: 1.1, plusMB: 16 } };

const started = Date.now();
const log = (message) => console.log(`[soak ${((Date.now() - started) / 1000).toFixed(0)} s] ${message}`);
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

const dir = mkdtempSync(join(tmpdir(), 'vestibule-soak-'));
const files = { log: join(dir, 'server.log'), memory: join(dir, 'memory.jsonl') };
let admin;
let dbName;
let dbEnv = { DATA_DIR: dir };
if (mode === 'postgres') {
  admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.error(
      `PostgreSQL not reachable at ${ADMIN_URL} (${/** @type {Error} */ (error).message}); run with --pglite`,
    );
    process.exit(1);
  }
  dbName = `vestibule_soak_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  dbEnv = { DATA_DIR: dir, DATABASE_URL: url.toString() };
}

// The SPA is built for this run into a directory of its own (as the bench does), unless
// --no-build serves packages/web/dist.
let webDist = join(ROOT, 'packages/web/dist');
if (!args.has('--no-build')) {
  webDist = join(dir, 'web');
  log('building the web app');
  buildWebApp(webDist);
}

const port = await freePort();
log(`server on ${mode}`);
const server = await startServer({
  port,
  logFile: files.log,
  nodeArgs: ['--expose-gc', '--import', new URL('./memory-probe.mjs', import.meta.url).href],
  env: {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'on',
    DEV_INBOX: 'on',
    ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
    WEB_DIST_DIR: webDist,
    SOAK_MEMORY_FILE: files.memory,
    SOAK_SAMPLE_MS: String(SAMPLE_MS),
    // All traffic comes from 127.0.0.1, and one account receives every step-up code: generous
    // budgets, so that the limits are not what the soak measures (per-username login attempts and
    // per-account code checks keep their fixed values, and the traffic stays under them).
    RATE_LIMIT_LOGIN_PER_IP: '100000000',
    RATE_LIMIT_CODES_PER_IP: '100000000',
    RATE_LIMIT_CODES_PER_ACCOUNT: '100000000',
    RATE_LIMIT_SMS_PER_NUMBER: '100000000',
    RATE_LIMIT_CODE_CHECKS_PER_IP: '100000000',
    RATE_LIMIT_RECOVERY_PER_IP: '100000000',
    ...dbEnv,
  },
});
const origin = server.origin;
const luHost = `lu.localhost:${port}`;

// ---- results ------------------------------------------------------------------------------------
/** @type {{ requests: Record<string, { count: number, times: number[] }>, errors: string[], errorCount: number }} */
const results = { requests: {}, errors: [], errorCount: 0 };
function record(kind, ms, ok, detail) {
  results.requests[kind] ??= { count: 0, times: [] };
  const entry = results.requests[kind];
  entry.count += 1;
  entry.times.push(ms);
  if (!ok) {
    results.errorCount += 1;
    if (results.errors.length < 50) results.errors.push(`${kind}: ${detail}`);
  }
}
/** One request with its expected status (or statuses); anything else is an error of the soak. */
async function hit(kind, client, method, path, expected, options = {}) {
  const begin = performance.now();
  try {
    const response = await client.call(method, path, options);
    const ok = [expected].flat().includes(response.status);
    record(
      kind,
      performance.now() - begin,
      ok,
      `${method} ${path.split('?')[0]} → ${response.status} ${JSON.stringify(response.body).slice(0, 160)}`,
    );
    return ok ? response : undefined;
  } catch (error) {
    const message = /** @type {Error} */ (error).message;
    record(kind, performance.now() - begin, false, `${method} ${path.split('?')[0]} → ${message}`);
    return undefined;
  }
}

// ---- accounts -----------------------------------------------------------------------------------
/** Demo accounts without MFA that log in with a password alone (README), and their edition. */
const PASSWORD_ACCOUNTS = [
  { username: 'employee@demo.test' },
  { username: 'fridom@demo.test' },
  { username: 'customer@demo.test' },
  { username: 'password@demo.test' },
  { username: 'employee@demo.lu', host: luHost },
];
const CODES_ACCOUNT = { username: 'mfa@demo.test', phone: '+32470000005' };
const SESSIONS_PER_ACCOUNT = 3;

/**
 * Live sessions to read with: { account, client, busy }. A login adds one and logs out the oldest
 * one of its account that no request is using (a read racing its own logout would answer 401).
 */
const sessions = [];
async function logIn(account) {
  const client = new ApiClient(origin, account.host ? { host: account.host } : {});
  const r = await hit('login', client, 'POST', '/api/token', 200, {
    json: { username: account.username, password: DEMO_PASSWORD },
  });
  if (!r) return;
  client.token = r.body.access_token;
  sessions.push({ account, client, busy: 0 });
  const mine = sessions.filter((s) => s.account === account);
  const oldest = mine.find((s) => s.busy === 0);
  if (mine.length > SESSIONS_PER_ACCOUNT && oldest) {
    sessions.splice(sessions.indexOf(oldest), 1);
    await hit('logout', oldest.client, 'DELETE', '/api/token', 204);
  }
}

/** mfa@demo.test by SMS code from the dev inbox: answers a client and its e-mail method id. */
async function mfaLogin() {
  const client = new ApiClient(origin);
  const first = await hit('mfa-login', client, 'POST', '/api/token', 401, {
    json: { username: CODES_ACCOUNT.username, password: DEMO_PASSWORD },
  });
  const mfa = first?.body?.mfa;
  const sms =
    mfa?.methods?.find((m) => m.method === 'sms' && m.primary) ??
    mfa?.methods?.find((m) => m.method === 'sms');
  const email = mfa?.methods?.find((m) => m.method === 'email');
  if (!sms || !email) return undefined;
  const challenge = await hit(
    'mfa-login',
    client,
    'GET',
    `/api/mfa/sudo?mfaId=${sms.id}&payload=${mfa.payload}`,
    200,
  );
  if (!challenge) return undefined;
  const inbox = await hit(
    'mfa-login',
    client,
    'GET',
    `/dev/inbox.json?to=${encodeURIComponent(CODES_ACCOUNT.phone)}`,
    200,
    {
      api: false,
    },
  );
  const code = inbox?.body?.map((m) => /\b(\d{8})\b/.exec(m.bodyText)?.[1]).find(Boolean);
  const verified = await hit('mfa-login', client, 'POST', '/api/mfa/sudo', 200, {
    json: { payload: challenge.body.payload, code },
  });
  if (!verified) return undefined;
  client.token = verified.body.access_token;
  return { client, emailMethodId: email.id };
}

for (const account of PASSWORD_ACCOUNTS) for (let i = 0; i < 2; i++) await logIn(account);
const firstCodes = await mfaLogin();
if (!firstCodes || sessions.length === 0 || results.errorCount) {
  console.error(`soak: could not log the demo accounts in\n${results.errors.join('\n')}`);
  await stopServer(server);
  process.exit(1);
}

// SPA pages and the hashed assets index.html names.
const anonymous = new ApiClient(origin);
const indexHtml = String((await anonymous.call('GET', '/', { api: false })).body);
const assets = [...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
const PAGES = [
  '/',
  '/login/email',
  '/login/phone',
  '/user/dashboard',
  '/user/profile',
  '/user/security',
  '/onboarding',
];
const luAnonymous = new ApiClient(origin, { host: luHost });

const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** A read with one of the live sessions, which cannot be logged out meanwhile. */
async function asUser(kind, path) {
  const s = pick(sessions);
  s.busy += 1;
  try {
    return await hit(kind, s.client, 'GET', path, 200);
  } finally {
    s.busy -= 1;
  }
}
let failedLogins = 0;

/** The mix: [weight, kind, action]. Reads dominate, as on a portal; logins cost an argon2 hash. */
let codes = firstCodes;
/** @type {[weight: number, kind: string, action: () => Promise<unknown>][]} */
const MIX = [
  [20, 'user', () => asUser('user', '/api/user')],
  [8, 'sessions', () => asUser('sessions', '/api/sessions')],
  [6, 'notifications', () => asUser('notifications', '/api/notifications')],
  [5, 'security-events', () => asUser('security-events', '/api/security/events')],
  [4, 'mfa-list', () => asUser('mfa-list', '/api/mfa')],
  [3, 'grants', () => asUser('grants', '/api/tokens')],
  [3, 'status', () => hit('status', anonymous, 'GET', '/api/status', 200)],
  [3, 'login', () => logIn(pick(PASSWORD_ACCOUNTS))],
  [
    1,
    'login-failure',
    () => {
      failedLogins += 1;
      return hit('login-failure', anonymous, 'POST', '/api/token', [400, 401], {
        json: { username: `nobody-${failedLogins}@soak.test`, password: 'Not-the-password-1' },
      });
    },
  ],
  [2, 'no-token', () => hit('no-token', anonymous, 'GET', '/api/user', 401)],
  [
    3,
    'code-send',
    () => hit('code-send', codes.client, 'GET', `/api/mfa/sudo?mfaId=${codes.emailMethodId}`, 200),
  ],
  [
    3,
    'oidc-discovery',
    () => hit('oidc-discovery', anonymous, 'GET', '/.well-known/openid-configuration', 200, { api: false }),
  ],
  [3, 'jwks', () => hit('jwks', anonymous, 'GET', '/oauth/jwks', 200, { api: false })],
  [
    5,
    'spa-page',
    () => hit('spa-page', pick([anonymous, luAnonymous]), 'GET', pick(PAGES), 200, { api: false }),
  ],
  [5, 'spa-asset', () => hit('spa-asset', anonymous, 'GET', pick(assets), 200, { api: false })],
  [1, 'openapi', () => hit('openapi', anonymous, 'GET', '/api/openapi.json', 200, { api: false })],
];
const totalWeight = MIX.reduce((sum, [w]) => sum + w, 0);
function nextAction() {
  let roll = Math.random() * totalWeight;
  for (const [weight, , action] of MIX) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return /** @type {NonNullable<(typeof MIX)[0]>} */ (MIX[0])[2];
}

// ---- run ----------------------------------------------------------------------------------------
const endAt = Date.now() + SECONDS * 1000;
log(`${SECONDS} s of mixed traffic, ${CONCURRENCY} loops; memory sampled every ${SAMPLE_MS / 1000} s`);
async function loop() {
  while (Date.now() < endAt) {
    await nextAction()();
    // A short pause keeps the load below saturation of a 2-core machine shared with the database.
    await sleep(5 + Math.random() * 10);
  }
}
// An MFA login by SMS code once a minute (the per-account limit is 20 code checks in 15 minutes).
async function minutely() {
  while (Date.now() < endAt) {
    await sleep(Math.min(60_000, Math.max(0, endAt - Date.now())));
    if (Date.now() >= endAt) break;
    codes = (await mfaLogin()) ?? codes;
  }
}
let lastProgress = Date.now();
const progress = setInterval(() => {
  const total = Object.values(results.requests).reduce((s, r) => s + r.count, 0);
  const rss = memoryOf(server.pid);
  if (Date.now() - lastProgress >= 60_000) {
    lastProgress = Date.now();
    log(`${total} requests, ${results.errorCount} errors, RSS ${rss ? mb(rss.rss) : '?'} MB`);
  }
}, 5_000);
await Promise.all([...Array.from({ length: CONCURRENCY }, loop), minutely()]);
clearInterval(progress);
await sleep(SAMPLE_MS + 500); // one more sample after the last request
const peak = memoryOf(server.pid);
let dbCounts;
if (mode === 'postgres') {
  const client = new pg.Client({ connectionString: dbEnv.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query(
    `SELECT (SELECT count(*) FROM sessions) AS sessions, (SELECT count(*) FROM audit_events) AS audit_events,
            (SELECT count(*) FROM outbox) AS outbox, (SELECT count(*) FROM rate_limits) AS rate_limits,
            (SELECT count(*) FROM code_challenges) AS code_challenges`,
  );
  dbCounts = rows[0];
  await client.end();
}
await stopServer(server);
if (admin) {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}

// ---- memory -------------------------------------------------------------------------------------
const samples = readFileSync(files.memory, 'utf8')
  .trim()
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const runStart = endAt - SECONDS * 1000;
// Warm-up and windows: a minute each on the full run, a fifth of the run on short ones.
const span = Math.min(60_000, (SECONDS * 1000) / 5);
const warmEnd = runStart + span;
const firstWindow = samples.filter((s) => s.t >= warmEnd && s.t < warmEnd + span);
const lastWindow = samples.filter((s) => s.t > endAt - span && s.t <= endAt + SAMPLE_MS + 500);
const memory = {};
const failures = [];
for (const [key, field] of /** @type {['heap' | 'rss', 'heapUsed' | 'rss'][]} */ ([
  ['heap', 'heapUsed'],
  ['rss', 'rss'],
])) {
  const first = median(firstWindow.map((s) => s[field]));
  const last = median(lastWindow.map((s) => s[field]));
  const limit = first * BOUND[key].ratio + BOUND[key].plusMB * 1024 * 1024;
  // Least-squares slope after the warm-up, in MB per minute (reported, not judged).
  const after = samples.filter((s) => s.t >= warmEnd);
  const n = after.length;
  const mx = after.reduce((a, s) => a + s.t, 0) / n;
  const my = after.reduce((a, s) => a + s[field], 0) / n;
  const slope =
    after.reduce((a, s) => a + (s.t - mx) * (s[field] - my), 0) /
    after.reduce((a, s) => a + (s.t - mx) ** 2, 0);
  memory[key] = { first, last, limit, slopeMBPerMin: (slope * 60_000) / 1024 / 1024 };
  if (!(firstWindow.length && lastWindow.length))
    failures.push(`memory: too few samples (${samples.length})`);
  else if (last > limit)
    failures.push(`memory: ${key} grew from ${mb(first)} MB to ${mb(last)} MB (bound ${mb(limit)} MB)`);
}
if (!samples.every((s) => s.gc)) failures.push('memory: the probe ran without --expose-gc');
if (results.errorCount) failures.push(`${results.errorCount} requests failed`);

// ---- report -------------------------------------------------------------------------------------
const total = Object.values(results.requests).reduce((s, r) => s + r.count, 0);
const pct = (times, q) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const rows = Object.entries(results.requests)
  .sort((a, b) => b[1].count - a[1].count)
  .map(
    ([kind, r]) =>
      `  ${kind.padEnd(16)} ${String(r.count).padStart(7)}   p50 ${pct(r.times, 0.5).toFixed(1).padStart(7)} ms   p99 ${pct(r.times, 0.99).toFixed(1).padStart(7)} ms`,
  );
const report = {
  mode,
  seconds: SECONDS,
  concurrency: CONCURRENCY,
  requests: total,
  perSecond: total / SECONDS,
  errors: results.errorCount,
  memory,
  samples: samples.length,
  peakRss: peak?.hwm,
  database: dbCounts,
  bound: BOUND,
};
writeFileSync(join(dir, 'report.json'), JSON.stringify({ ...report, errorSamples: results.errors }, null, 2));
console.log(
  [
    `--- soak on ${mode}: ${failures.length ? 'FAIL' : 'PASS'}`,
    `${SECONDS} s, ${CONCURRENCY} loops: ${total} requests (${report.perSecond.toFixed(1)}/s), ${results.errorCount} errors`,
    ...rows,
    `medians of the first ${span / 1000} s after a ${span / 1000} s warm-up → of the last ${span / 1000} s:`,
    `  heap after full GC ${mb(memory.heap.first)} MB → ${mb(memory.heap.last)} MB (bound ${mb(memory.heap.limit)} MB), slope ${memory.heap.slopeMBPerMin.toFixed(2)} MB/min`,
    `  RSS ${mb(memory.rss.first)} MB → ${mb(memory.rss.last)} MB (bound ${mb(memory.rss.limit)} MB), slope ${memory.rss.slopeMBPerMin.toFixed(2)} MB/min; peak ${peak ? mb(peak.hwm) : '?'} MB`,
    ...(dbCounts ? [`database rows at the end: ${JSON.stringify(dbCounts)}`] : []),
    ...results.errors.slice(0, 20).map((e) => `error: ${e}`),
    ...failures.map((f) => `FAIL: ${f}`),
    ...(failures.length || process.env.SOAK_KEEP ? [`files: ${dir}`] : []),
  ].join('\n'),
);
if (!failures.length && !process.env.SOAK_KEEP) rmSync(dir, { recursive: true, force: true });
process.exit(failures.length ? 1 : 0);
