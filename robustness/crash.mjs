// `npm run crash [-- --postgres | --pglite] [-- --quick]`: crash safety (issue 12, item 4). Starts the real
// server as a child process, drives concurrent writes over HTTP (account merges, two of them
// racing for the same duplicate now and then; contacts added and removed; MFA logins and step-up
// codes), SIGKILLs the server at a random moment, restarts it on the same database, and checks the
// invariants in the database (robustness/check.ts). Several rounds, then the outbox is drained and
// every message the SMTP server and the SMS API received is compared with the outbox.
// Exits non-zero with a report when an invariant breaks. Settings: CRASH_ROUNDS (5),
// CRASH_CONCURRENCY (8), CRASH_DATABASE_URL (an admin connection to PostgreSQL, default
// postgres://postgres@127.0.0.1:5432/postgres; the run creates and drops database
// vestibule_crash_<pid>), CRASH_KEEP=1 keeps the run's directory (logs, journal, deliveries).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { startCapture } from './capture.mjs';
import {
  ApiClient,
  freePort,
  killServer,
  NetworkError,
  ROOT,
  resetConnections,
  sleep,
  startServer,
  stopServer,
} from './server.mjs';

const args = new Set(process.argv.slice(2));
const modes = args.has('--pglite')
  ? ['pglite']
  : args.has('--postgres')
    ? ['postgres']
    : ['postgres', 'pglite'];
const quick = args.has('--quick');
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? (quick ? 3 : 6));
const CONCURRENCY = Number(process.env.CRASH_CONCURRENCY ?? 8);
/** Traffic before each kill: a random time in this range, then the moment of the round's kind. */
const TRAFFIC_MS = quick ? [1_500, 3_000] : [2_000, 6_000];
/**
 * Where the kill strikes, in turn: at a random moment; while a merge request is in flight (its
 * transaction is open or committing); just after the SMTP server or SMS API accepted a message
 * (the worker is between the provider's answer and marking the row sent).
 */
const KILL_KINDS = ['random', 'merge', 'delivery'];
const ADMIN_URL = process.env.CRASH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ENCRYPTION_KEY = Buffer.alloc(32, 11).toString('base64');
const MAIL_FROM = 'Vestibule <no-reply@vestibule.test>';
/** The outbox worker's claim lease (delivery/worker.ts): a dead process's claims wait this long. */
const LEASE_SECONDS = 120;
const run = promisify(execFile);
const started = Date.now();
const log = (message) => console.log(`[crash ${((Date.now() - started) / 1000).toFixed(0)} s] ${message}`);

/** Runs a tsx script of robustness/ and answers the JSON of its last stdout line. */
async function tsxJson(script, scriptArgs, env) {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'robustness', script), ...scriptArgs],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1));
}

class Interrupted extends Error {}
class Unexpected extends Error {}

const CODE = /\b(\d{8})\b/;

/** One crash run on one database. Answers { ok, report }. */
async function crashRun(mode) {
  const dir = mkdtempSync(join(tmpdir(), `vestibule-crash-${mode}-`));
  const files = {
    accounts: join(dir, 'accounts.json'),
    journal: join(dir, 'journal.json'),
    deliveries: join(dir, 'deliveries.json'),
    state: join(dir, 'state.json'),
    log: join(dir, 'server.log'),
  };
  const failures = [];
  const report = { mode, rounds: [], dir };
  let admin;
  let dbName;
  let dbEnv;
  let checkEnv;
  if (mode === 'postgres') {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    try {
      await admin.connect();
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      return { ok: true, skipped: `PostgreSQL not reachable at ${ADMIN_URL}: ${error.message}` };
    }
    dbName = `vestibule_crash_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    dbEnv = { DATABASE_URL: url.toString(), DATA_DIR: dir };
    checkEnv = { DATABASE_URL: url.toString(), ENCRYPTION_KEY };
  } else {
    dbEnv = { DATA_DIR: dir };
    checkEnv = { CRASH_PGLITE_DIR: join(dir, 'pglite'), ENCRYPTION_KEY };
  }
  const capture = await startCapture();
  let server;
  let db; // PostgreSQL only: the crash run's own look at the outbox between kill and restart
  try {
    log(`${mode}: preparing accounts`);
    const sizes = await tsxJson('prepare.ts', [files.accounts], { ...checkEnv });
    log(`${mode}: ${JSON.stringify(sizes)}`);
    const accounts = JSON.parse(readFileSync(files.accounts, 'utf8'));
    if (mode === 'postgres') {
      db = new pg.Client({ connectionString: dbEnv.DATABASE_URL });
      await db.connect();
    }

    const port = await freePort();
    const env = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'off',
      // E-mail to the capturing SMTP server, SMS to the capturing SMS API; the dev inbox stays on
      // so that the driver reads its codes where a developer would (/dev/inbox.json).
      DEV_INBOX: 'on',
      SMTP_URL: capture.smtpUrl,
      MAIL_FROM,
      SMS_API_URL: capture.smsApiUrl,
      SMS_ACCOUNT_SID: 'ACcrash',
      SMS_AUTH_TOKEN: 'crash-token',
      SMS_SENDER_GENERAL: 'Vestibule',
      ENCRYPTION_KEY,
      // All traffic comes from 127.0.0.1 and the same accounts send many codes: the budgets must
      // not be what stops the run (the per-account code-check limit of 20 in 15 min stays).
      RATE_LIMIT_LOGIN_PER_IP: '100000000',
      RATE_LIMIT_CODES_PER_IP: '100000000',
      RATE_LIMIT_CODES_PER_ACCOUNT: '100000000',
      RATE_LIMIT_SMS_PER_NUMBER: '100000000',
      RATE_LIMIT_CODE_CHECKS_PER_IP: '100000000',
      ...dbEnv,
    };
    const start = () => startServer({ env, port, logFile: files.log });
    server = await start();
    const origin = server.origin;
    log(`${mode}: server up on ${origin} (pid ${server.pid})`);

    // ---- the driver -------------------------------------------------------------------------
    const journal = { mergesAcked: [], mergesAttempted: [], contacts: {}, challenges: [], logins: {} };
    const stats = {
      completed: { merge: 0, churn: 0, login: 0 },
      interrupted: { merge: 0, churn: 0, login: 0 },
      mergeOutcomes: {},
      requests: 0,
    };
    let epoch = 0;
    let live = true;
    let liveAgain;
    let whenLive = Promise.resolve();
    let stopping = false;
    let inFlight = 0;
    let mergesInFlight = 0;
    let contactCounter = 0;
    const clients = new Map();
    const clientOf = (account) => {
      if (!clients.has(account.id)) clients.set(account.id, new ApiClient(origin));
      return clients.get(account.id);
    };
    // Contested groups (two rivals) spread through the queue, so that kills meet them too.
    const contested = accounts.groups.map((_, g) => g).filter((g) => accounts.groups[g].survivors.length > 1);
    const single = accounts.groups.map((_, g) => g).filter((g) => accounts.groups[g].survivors.length === 1);
    const every = Math.max(1, Math.floor(single.length / Math.max(1, contested.length)));
    const groupQueue = [];
    for (const [i, g] of single.entries()) {
      if (i % every === 0 && contested.length) groupQueue.push({ g: contested.shift(), tries: 0 });
      groupQueue.push({ g, tries: 0 });
    }
    for (const g of contested) groupQueue.push({ g, tries: 0 });
    const freeChurn = [...accounts.churn];
    const freeLogins = [...accounts.logins];
    const extras = new Map(); // churn account id → contacts known present: { kind, value, id }

    /** An API call of an operation begun in `opEpoch`; a kill since then interrupts it. */
    const caller = (client, opEpoch) => async (method, path, options) => {
      if (epoch !== opEpoch || !live) throw new Interrupted();
      inFlight += 1;
      stats.requests += 1;
      try {
        const response = await client.call(method, path, options);
        if (response.status >= 500) {
          failures.push(
            `${method} ${path.split('?')[0]} answered ${response.status}: ${JSON.stringify(response.body).slice(0, 200)}`,
          );
          throw new Unexpected(`${response.status}`);
        }
        return response;
      } catch (error) {
        if (error instanceof NetworkError) {
          if (epoch !== opEpoch || !live) throw new Interrupted();
          failures.push(`network error from a live server: ${error.message}`);
        }
        throw error;
      } finally {
        inFlight -= 1;
      }
    };
    const expect = (response, status, what) => {
      if (response.status !== status)
        throw new Unexpected(`${what}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
      return response.body;
    };
    /** Codes in the dev inbox for an address, newest first (the outbox holds them from commit on). */
    const codesFor = async (call, address) => {
      const inbox = await call('GET', `/dev/inbox.json?to=${encodeURIComponent(address)}`, { api: false });
      const list = Array.isArray(inbox.body) ? inbox.body : [];
      return list
        .map((m) => CODE.exec(m.bodyText)?.[1])
        .filter(Boolean)
        .slice(0, 3);
    };
    /** Tries the newest codes in turn: a rival's code to the same address answers invalid_code. */
    const withCode = async (call, address, attempt) => {
      let last;
      for (const code of await codesFor(call, address)) {
        last = await attempt(code);
        if (!(last.status === 422 && last.body?.code === 'invalid_code')) return last;
      }
      if (!last) throw new Unexpected(`no code in the dev inbox for ${address}`);
      return last;
    };
    /**
     * A step-up with a code to the primary e-mail (an account without MFA methods steps up with
     * its verified contacts, placeholder id -2): adding an address needs one (decision 0013).
     */
    const stepUp = async (call, account) => {
      let r = await call('GET', '/api/mfa/sudo?mfaId=-2');
      const challenge = expect(r, 200, `step-up of ${account.email}`);
      journal.challenges.push({ payload: challenge.payload, target: account.email });
      r = await withCode(call, account.email, (code) =>
        call('POST', '/api/mfa/sudo', { json: { payload: challenge.payload, code } }),
      );
      expect(r, 200, `step-up code of ${account.email}`);
    };
    const logIn = async (call, client, account) => {
      if (client.token) return;
      const r = await call('POST', '/api/token', {
        json: { username: account.email, password: accounts.password },
      });
      client.token = expect(r, 200, `login of ${account.email}`).access_token;
      await stepUp(call, account);
    };
    /** A call that needs a step-up: on 403 sudo_required (the grant ran out), one more and again. */
    const withSudo = async (call, account, send) => {
      const r = await send();
      if (r.status !== 403 || r.body?.code !== 'sudo_required') return r;
      await stepUp(call, account);
      return send();
    };

    /** One survivor's whole merge sequence (test/fuzzion/merge.success.test.ts, over HTTP). */
    async function mergeSequence(g, s, contested, opEpoch) {
      const group = accounts.groups[g];
      const other = group.other;
      const me = group.survivors[s];
      const client = clientOf(me);
      const call = caller(client, opEpoch);
      // A rival may win at any step: its later steps then fail with a 4xx, which is the point.
      const lost = (r) => contested && r.status >= 400 && r.status < 500;
      await logIn(call, client, me);
      let r = await withSudo(call, me, () =>
        call('POST', '/api/user/emails', { json: { email: other.email } }),
      );
      if (r.status === 422) return 'already-ours';
      if (lost(r)) return 'lost';
      const start = expect(r, 202, 'merge: add the e-mail of the duplicate');
      if (!start.fuzzion) throw new Unexpected('merge: no merge offer');
      journal.challenges.push({ payload: start.payload, target: other.email });
      r = await withCode(call, other.email, (code) =>
        call('POST', '/api/user/emails/confirm', { json: { payload: start.payload, code } }),
      );
      if (lost(r)) return 'lost';
      const offer = expect(r, 200, 'merge: confirm the e-mail');
      if (!offer.fuzzion) {
        if (contested) return 'lost'; // the rival merged first: the address is its own now
        throw new Unexpected('merge: no offer on confirm');
      }
      r = await call('POST', '/api/mfa/fuzzion', {
        json: { payload: offer.payload, mfaId: other.methods.sms },
      });
      if (lost(r)) return 'lost';
      const proof = expect(r, 200, 'merge: proof code to the duplicate');
      journal.challenges.push({ payload: proof.payload, target: other.phone });
      r = await withCode(call, other.phone, (code) =>
        call('POST', '/api/fuzzion', { json: { payload: proof.payload, code } }),
      );
      if (lost(r)) return 'lost';
      expect(r, 200, 'merge: check the proof code');
      r = await call('POST', '/api/fuzzion/ownership', {
        json: {
          payload: offer.payload,
          answer: 'password',
          platform: 'employee_area',
          password: accounts.otherPassword,
        },
      });
      if (lost(r)) return 'lost';
      expect(r, 200, 'merge: ownership');
      journal.mergesAttempted.push(`${g}:${s}`);
      mergesInFlight += 1;
      try {
        r = await call('POST', '/api/fuzzion/merge', { json: { payload: offer.payload } });
      } finally {
        mergesInFlight -= 1;
      }
      if (lost(r)) return 'lost';
      expect(r, 200, 'merge');
      journal.mergesAcked.push(`${g}:${s}`);
      return 'merged';
    }

    async function mergeOp(opEpoch) {
      const item = groupQueue.shift();
      if (!item) return false;
      const group = accounts.groups[item.g];
      const contested = group.survivors.length > 1;
      item.tries += 1;
      const outcomes = await Promise.allSettled(
        group.survivors.map((_, s) => mergeSequence(item.g, s, contested, opEpoch)),
      );
      const interrupted = outcomes.some((o) => o.status === 'rejected' && o.reason instanceof Interrupted);
      for (const o of outcomes) {
        const key =
          o.status === 'fulfilled' ? o.value : o.reason instanceof Interrupted ? 'interrupted' : 'error';
        stats.mergeOutcomes[key] = (stats.mergeOutcomes[key] ?? 0) + 1;
      }
      if (contested && outcomes.filter((o) => o.status === 'fulfilled' && o.value === 'merged').length > 1)
        failures.push(`group ${item.g}: both rivals were told their merge succeeded`);
      // An interrupted uncontested group is tried again later (its merge may have committed: the
      // next try then finds the e-mail already its own). Contested groups are raced once.
      if (interrupted && !contested && item.tries < 3) groupQueue.push(item);
      const error = outcomes.find((o) => o.status === 'rejected' && !(o.reason instanceof Interrupted));
      if (error) throw error.reason;
      if (interrupted) throw new Interrupted();
      return true;
    }

    async function churnOp(opEpoch) {
      const account = freeChurn.shift();
      if (!account) return false;
      try {
        const client = clientOf(account);
        const call = caller(client, opEpoch);
        await logIn(call, client, account);
        journal.contacts[account.id] ??= { added: [], addAttempted: [], removeAttempted: [], removed: [] };
        const entry = journal.contacts[account.id];
        const known = extras.get(account.id) ?? [];
        extras.set(account.id, known);
        if (known.length && Math.random() < 0.45) {
          const contact = known.splice(Math.floor(Math.random() * known.length), 1)[0];
          entry.removeAttempted.push(contact.value);
          const r = await call(
            'DELETE',
            `/api/user/${contact.kind === 'email' ? 'emails' : 'phones'}/${contact.id}`,
          );
          expect(r, 200, `remove ${contact.value}`);
          entry.removed.push(contact.value);
          return true;
        }
        const kind = Math.random() < 0.5 ? 'email' : 'phone';
        contactCounter += 1;
        const value =
          kind === 'email'
            ? `churn-${contactCounter}@crash.test`
            : `+32476${String(contactCounter).padStart(6, '0')}`;
        const segment = kind === 'email' ? 'emails' : 'phones';
        entry.addAttempted.push(value);
        let r = await withSudo(call, account, () =>
          call('POST', `/api/user/${segment}`, {
            json: kind === 'email' ? { email: value } : { phone: value },
          }),
        );
        const challenge = expect(r, 202, `add ${value}`);
        journal.challenges.push({ payload: challenge.payload, target: value });
        r = await withCode(call, value, (code) =>
          call('POST', `/api/user/${segment}/confirm`, { json: { payload: challenge.payload, code } }),
        );
        const user = expect(r, 200, `confirm ${value}`).data;
        const digits = (v) => v.replace(/\D/g, '');
        const row =
          kind === 'email'
            ? user.email.find((e) => e.email === value)
            : user.phone.find((p) => digits(p.phone) === digits(value));
        if (!row) throw new Unexpected(`confirm ${value}: not in the answer`);
        entry.added.push(value);
        known.push({ kind, value, id: row.id });
        return true;
      } finally {
        freeChurn.push(account);
      }
    }

    async function loginOp(opEpoch) {
      const account = freeLogins.shift();
      if (!account) return false;
      try {
        const client = new ApiClient(origin); // a new device: MFA is asked every time
        const call = caller(client, opEpoch);
        let r = await call('POST', '/api/token', {
          json: { username: account.email, password: accounts.password },
        });
        const mfa = expect(r, 401, `login of ${account.email}`).mfa;
        r = await call('GET', `/api/mfa/sudo?mfaId=${account.methods.sms}&payload=${mfa.payload}`);
        const challenge = expect(r, 200, 'login code');
        journal.challenges.push({ payload: challenge.payload, target: account.phone });
        if (Math.random() < 0.25) return true; // abandoned: the code was sent all the same
        r = await withCode(call, account.phone, (code) =>
          call('POST', '/api/mfa/sudo', { json: { payload: challenge.payload, code } }),
        );
        client.token = expect(r, 200, 'login code check').access_token;
        journal.logins[account.id] = (journal.logins[account.id] ?? 0) + 1;
        if (Math.random() < 0.5) {
          r = await call('GET', `/api/mfa/sudo?mfaId=${account.methods.email}`);
          journal.challenges.push({ payload: expect(r, 200, 'step-up code').payload, target: account.email });
        }
        return true;
      } finally {
        freeLogins.push(account);
      }
    }

    const ops = { merge: mergeOp, churn: churnOp, login: loginOp };
    async function worker() {
      while (!stopping) {
        if (!live) {
          await whenLive;
          continue;
        }
        const opEpoch = epoch;
        const roll = Math.random();
        const order =
          roll < 0.4
            ? ['merge', 'churn', 'login']
            : roll < 0.75
              ? ['churn', 'login', 'merge']
              : ['login', 'churn', 'merge'];
        let done = false;
        for (const kind of order) {
          try {
            if (await ops[kind](opEpoch)) {
              stats.completed[kind] += 1;
              done = true;
              break;
            }
          } catch (error) {
            done = true;
            if (error instanceof Interrupted) stats.interrupted[kind] += 1;
            else if (error instanceof Unexpected) failures.push(error.message);
            else failures.push(String(error?.stack ?? error));
            break;
          }
        }
        if (!done) await sleep(20);
      }
    }

    const writeState = (final, kills) => {
      writeFileSync(files.journal, JSON.stringify(journal));
      const state = { accounts: files.accounts, journal: files.journal };
      if (final) {
        writeFileSync(files.deliveries, JSON.stringify(capture.deliveries));
        Object.assign(state, { deliveries: files.deliveries, kills, mailFrom: MAIL_FROM });
      }
      writeFileSync(files.state, JSON.stringify(state));
    };
    const check = async (final, kills) => {
      writeState(final, kills);
      const result = await tsxJson('check.ts', [files.state], checkEnv);
      for (const v of result.violations) failures.push(`invariant: ${v}`);
      return result;
    };

    const workers = Array.from({ length: CONCURRENCY }, () => worker());
    const kills = [];
    let predictedRedeliveries = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const kind = KILL_KINDS[(round - 1) % KILL_KINDS.length];
      const trafficMs = TRAFFIC_MS[0] + Math.random() * (TRAFFIC_MS[1] - TRAFFIC_MS[0]);
      await sleep(trafficMs);
      let struck = kind;
      if (kind === 'merge') {
        const until = Date.now() + 10_000;
        while (mergesInFlight === 0 && Date.now() < until) await sleep(1);
        if (mergesInFlight === 0) struck = 'random (no merge in flight)';
        else await sleep(Math.random() * 20);
      } else if (kind === 'delivery') {
        const delivery = await capture.nextDelivery(10_000);
        if (!delivery) struck = 'random (no delivery)';
        else await sleep(Math.random() * 4);
      }
      const mergesAtKill = mergesInFlight;
      const before = { ...stats.completed };
      // Kill: writes in flight die with the process.
      live = false;
      whenLive = new Promise((resolve) => {
        liveAgain = resolve;
      });
      epoch += 1;
      const requestsInFlight = inFlight;
      const killedAt = Date.now();
      await killServer(server);
      const diedAt = Date.now();
      resetConnections();
      const entry = {
        round,
        kind: struck,
        mergesAtKill,
        trafficMs: Math.round(trafficMs),
        requestsInFlight,
        completed: before,
        interrupted: { ...stats.interrupted },
      };
      if (db) {
        // The dead process's claims on the outbox: which of them the SMTP server or SMS API had
        // already accepted (they will be sent again: at-least-once), then released as their lease
        // running out would release them, so that the next server delivers them now.
        const { rows } = await db.query(
          `SELECT id, channel, recipient, body_text, created_at FROM outbox
           WHERE status = 'pending' AND locked_until IS NOT NULL`,
        );
        entry.claimsOfTheDead = rows.length;
        entry.claimsAlreadyAccepted = rows.filter((row) =>
          capture.deliveries.some((d) =>
            row.channel === 'email'
              ? d.messageId === `<outbox.${row.id}.${new Date(row.created_at).getTime()}@vestibule.test>`
              : d.channel === 'sms' && d.to === row.recipient && d.body === row.body_text,
          ),
        ).length;
        predictedRedeliveries += entry.claimsAlreadyAccepted;
        await db.query(
          `UPDATE outbox SET locked_until = NULL WHERE status = 'pending' AND locked_until IS NOT NULL`,
        );
        const result = await check(false);
        entry.check = result.ok ? 'ok' : `${result.violations.length} violations`;
        entry.stats = result.stats;
      }
      const respawnedAt = Date.now();
      server = await start();
      entry.restartMs = Date.now() - respawnedAt;
      kills.push({ killedAt, diedAt, respawnedAt });
      live = true;
      liveAgain();
      report.rounds.push(entry);
      log(
        `${mode}: round ${round} (${struck}): killed after ${entry.trafficMs} ms with ${requestsInFlight} requests ` +
          `(${mergesAtKill} merges) in flight; restarted in ${entry.restartMs} ms` +
          `${entry.claimsOfTheDead !== undefined ? `; ${entry.claimsOfTheDead} outbox claims of the dead process, ${entry.claimsAlreadyAccepted} of them already accepted by a provider` : ''}` +
          `${entry.check ? `; check ${entry.check}` : ''}; operations so far ${JSON.stringify(stats.completed)}` +
          `${failures.length ? `; ${failures.length} failures so far` : ''}`,
      );
    }
    // Traffic on the last server without a kill, then the workers finish their operation.
    await sleep(4_000);
    stopping = true;
    await Promise.all(workers);
    log(`${mode}: traffic stopped; draining the outbox`);
    // Drained when no message is pending. The worker sends one message at a time, so a backlog
    // takes a while: the wait goes on as long as the backlog shrinks, and gives up after a lease
    // (plus a margin) without progress: a claim of a killed process waits for its lease to run out.
    const stallMs = (LEASE_SECONDS + 30) * 1000;
    let depth = Number.NaN;
    let lastProgress = Date.now();
    let lowest = Number.POSITIVE_INFINITY;
    const metricsClient = new ApiClient(origin);
    while (Date.now() - lastProgress < stallMs) {
      const metrics = await metricsClient.call('GET', '/metrics', { api: false });
      depth = Number(/^vestibule_outbox_depth (\d+)/m.exec(String(metrics.body))?.[1] ?? Number.NaN);
      if (depth === 0) break;
      if (depth < lowest) {
        lowest = depth;
        lastProgress = Date.now();
      }
      await sleep(1_000);
    }
    report.drainedAfterMs = Date.now() - (kills.at(-1)?.respawnedAt ?? started);
    if (depth !== 0) failures.push(`the outbox still holds ${depth} pending messages after the drain`);
    await sleep(500);
    await stopServer(server);
    server = undefined;
    const final = await check(
      true,
      kills.map((k) => ({ killedAt: k.diedAt, restartedAt: k.respawnedAt })),
    );
    report.final = final.stats;
    if (mode === 'postgres' && final.stats.delivery?.duplicatesAcrossKill > predictedRedeliveries)
      failures.push(
        `${final.stats.delivery.duplicatesAcrossKill} redeliveries after kills, but only ${predictedRedeliveries} claims of dead processes had been accepted by a provider`,
      );
    report.predictedRedeliveries = mode === 'postgres' ? predictedRedeliveries : undefined;
    report.notes = final.notes;
    report.driver = stats;
    report.journal = {
      mergesAcked: journal.mergesAcked.length,
      challengesAcked: journal.challenges.length,
      loginsAcked: Object.values(journal.logins).reduce((a, b) => a + b, 0),
    };
  } catch (error) {
    failures.push(`run aborted: ${error?.stack ?? error}`);
  } finally {
    if (server) await killServer(server);
    await capture.close();
    await db?.end();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
  }
  report.failures = failures;
  const ok = failures.length === 0;
  if (ok && !process.env.CRASH_KEEP) rmSync(dir, { recursive: true, force: true });
  return { ok, report };
}

let allOk = true;
for (const mode of modes) {
  log(`=== ${mode}`);
  const { ok, report, skipped } = await crashRun(mode);
  if (skipped) {
    log(`${mode}: skipped (${skipped})`);
    continue;
  }
  allOk &&= ok;
  const d = report.driver ?? {};
  console.log(
    [
      `--- ${mode}: ${ok ? 'PASS' : 'FAIL'}`,
      `rounds: ${report.rounds.map((r) => r.kind).join(', ')}`,
      `restart ${report.rounds.map((r) => r.restartMs).join('/')} ms; requests in flight at the kills ${report.rounds.map((r) => r.requestsInFlight).join('/')}, of them merges ${report.rounds.map((r) => r.mergesAtKill).join('/')}`,
      `operations completed: ${JSON.stringify(d.completed)}, interrupted by a kill: ${JSON.stringify(d.interrupted)}, requests ${d.requests}`,
      `merge sequences: ${JSON.stringify(d.mergeOutcomes)}`,
      `acknowledged: ${JSON.stringify(report.journal)}`,
      `database at the end: ${JSON.stringify(report.final)}`,
      `outbox drained ${((report.drainedAfterMs ?? 0) / 1000).toFixed(1)} s after the last restart` +
        (report.predictedRedeliveries !== undefined
          ? `; claims of killed processes already accepted by a provider: ${report.predictedRedeliveries}`
          : ''),
      ...(report.notes ?? []).slice(0, 10).map((n) => `note: ${n}`),
      ...report.failures.slice(0, 40).map((f) => `FAIL: ${f}`),
      ...(report.failures.length > 40 ? [`… ${report.failures.length - 40} more`] : []),
      ...(ok && !process.env.CRASH_KEEP ? [] : [`files: ${report.dir}`]),
    ].join('\n'),
  );
}
log(allOk ? 'crash safety: all invariants held' : 'crash safety: FAILED');
process.exit(allOk ? 0 : 1);
