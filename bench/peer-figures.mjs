// The peer row of the bench table: better-auth (bench/peer-better-auth.mjs) on the same
// PostgreSQL, in a schema of its own, under the same load as Vestibule's password logins and
// authenticated reads: 4 connections posting two accounts' passwords in turn, then 10 connections
// reading the session of one bearer token. Side by side: both servers run, and short slices of the
// same load alternate between them (ours, the peer, ours, …), so that a machine whose load
// changes during the run (a shared one) weighs on both alike; the ratio is of the summed slices.
import pg from 'pg';
import { bearerReadSpec, freePort, load, peakRss, startProcess, stopProcess } from './processes.mjs';

const PASSWORD = 'Demo-password-2026';
const USERS = ['employee@demo.test', 'weak@demo.test'];

const ROUNDS = 3;

/** Alternating slices of `ours(seconds)` and `theirs(seconds)`; answers both sums. */
async function sideBySide(ours, theirs, seconds) {
  const sums = {
    ours: { requests: 0, ok: 0, seconds: 0, non2xx: 0 },
    peer: { requests: 0, ok: 0, seconds: 0, non2xx: 0 },
  };
  for (let round = 0; round < ROUNDS; round++)
    for (const [name, spec] of [
      ['ours', ours],
      ['peer', theirs],
    ]) {
      const result = await load(spec(seconds));
      const sum = sums[name];
      sum.requests += result.requests;
      sum.ok += result.rps * result.seconds;
      sum.seconds += result.seconds;
      sum.non2xx += result.non2xx + result.errors;
    }
  const rate = (sum) => ({ rps: sum.ok / sum.seconds, requests: sum.requests, non2xx: sum.non2xx });
  return { ours: rate(sums.ours), peer: rate(sums.peer), rounds: ROUNDS, sliceSeconds: seconds };
}

/**
 * `ours`: { loginSpec(seconds), userSpec(seconds) } of the running Vestibule server, the loads of
 * figures 1 and 2.
 */
export async function peerFigures(databaseUrl, durations, log, ours) {
  const schema = `bench_peer_${process.pid}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let peer;
  try {
    log('peer: better-auth (email and password, bearer plugin) on the same PostgreSQL');
    peer = await startProcess(
      ['bench/peer-better-auth.mjs'],
      {
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        BENCH_SCHEMA: schema,
        PEER_USERS: JSON.stringify(USERS),
        PEER_PASSWORD: PASSWORD,
      },
      'ready',
    );
    const figures = { idleRssBytes: peakRss(peer.pid) };
    const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: 'POST',
      // A browser's sign-in carries its Origin (better-auth refuses a fetch without one).
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: USERS[0], password: PASSWORD }),
    });
    // The bearer plugin answers the signed session token in set-auth-token.
    const token = signIn.headers.get('set-auth-token');
    if (signIn.status !== 200 || !token) throw new Error(`peer sign-in: ${signIn.status}`);

    const loginSpec = (seconds) => ({
      kind: 'fixed',
      url: origin,
      seconds,
      connections: 4,
      requests: USERS.map((email) => ({
        method: 'POST',
        path: '/api/auth/sign-in/email',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email, password: PASSWORD }),
      })),
    });
    const readSpec = (seconds) =>
      bearerReadSpec(
        origin,
        '/api/auth/get-session',
        { authorization: `Bearer ${token}`, accept: 'application/json' },
        seconds,
      );
    const slice = Math.max(1, Math.round(durations.measure / ROUNDS));
    await load(loginSpec(durations.warm));
    log(`side by side: password logins, ${ROUNDS} alternating slices of ${slice} s`);
    figures.logins = await sideBySide(ours.loginSpec, loginSpec, slice);
    await load(readSpec(durations.warm));
    log(`side by side: authenticated reads, ${ROUNDS} alternating slices of ${slice} s`);
    figures.reads = await sideBySide(ours.userSpec, readSpec, slice);
    figures.peakRssBytes = peakRss(peer.pid);
    return figures;
  } finally {
    if (peer) await stopProcess(peer);
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
}
