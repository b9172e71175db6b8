// The load generator, run by bench/run.mjs as its own process so that it never shares an event
// loop with the server or with the orchestrator: `node bench/load.mjs '<json spec>'`; prints one
// JSON line { requests, seconds, rps, p50, p99, non2xx, errors }.
//
// kind "fixed": autocannon with a fixed list of requests (cycled per connection); `amount` (a
// number of requests) instead of `seconds` for the CPU-per-request measurement (bench/cpu.mjs).
// kind "refresh": an OAuth refresh-token rotation chain per connection. Each answer carries the next
// refresh token, so every worker posts its current token and keeps the new one (autocannon's
// per-connection context is reset at each cycle of its request list, so it cannot hold a chain).
import { createPublicKey, verify } from 'node:crypto';
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';

/**
 * POST of a form over kept-alive connections. The load generator shares the machine's cores with
 * the server (figure 3 counts the whole machine): node:http costs it less per request than fetch.
 */
const keepAlive = new Agent({ keepAlive: true });
function postForm(url, form) {
  const body = Buffer.from(new URLSearchParams(form).toString());
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        agent: keepAlive,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/** Whether an ID token's signature checks against the issuer's published keys (JWKS). */
async function idTokenCheck(url, idToken) {
  const [header, payload, signature] = idToken.split('.');
  const { alg, kid } = JSON.parse(Buffer.from(header, 'base64url').toString());
  const { keys } = /** @type {{ keys: (import('node:crypto').JsonWebKey & { kid?: string })[] }} */ (
    await (await fetch(`${url}/oauth/jwks`)).json()
  );
  const jwk = keys.find((key) => key.kid === kid);
  if (!jwk) return { alg, valid: false };
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  const data = Buffer.from(`${header}.${payload}`);
  const valid =
    alg === 'ES256'
      ? verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))
      : verify('sha256', data, key, Buffer.from(signature, 'base64url'));
  return { alg, valid };
}

const spec = JSON.parse(process.argv[2] ?? '');

/**
 * User and system CPU time of this process since its modules were loaded, in milliseconds: what
 * the load itself costs. Node's start and autocannon's import (~0.16 s of CPU, before any request
 * and outside the measured seconds) are left out: counted in, they were ~0.45 of the ~0.9 ms per
 * login that bench/cpu.mjs charged to the generator in a 400-login run (decision 0063).
 */
const loaded = process.cpuUsage();
function cpuMs() {
  const { user, system } = process.cpuUsage(loaded);
  return (user + system) / 1000;
}

if (spec.kind === 'fixed') {
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    ...(spec.amount ? { amount: spec.amount } : {}),
    requests: spec.requests,
    timeout: 30,
  });
  const seconds = result.duration;
  console.log(
    JSON.stringify({
      requests: result.requests.total,
      seconds,
      rps: result['2xx'] / seconds,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      // The load generator's own CPU: it shares the machine's cores with the server.
      cpuMs: cpuMs(),
    }),
  );
} else if (spec.kind === 'refresh') {
  const latencies = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  /** The last ID token answered (a new signature per refresh), checked at the end. */
  let idToken;
  const started = performance.now();
  const deadline = started + spec.seconds * 1000;
  async function worker(first) {
    let token = first;
    while (performance.now() < deadline) {
      const sent = performance.now();
      try {
        const response = await postForm(`${spec.url}/oauth/token`, {
          grant_type: 'refresh_token',
          refresh_token: token,
          client_id: spec.clientId,
        });
        const body = /** @type {{ refresh_token?: string, id_token?: unknown }} */ (
          JSON.parse(response.text)
        );
        latencies.push(performance.now() - sent);
        if (response.status !== 200 || !body.refresh_token) {
          non2xx++;
          return; // the chain is broken (a reused token revokes the grant): this worker stops
        }
        ok++;
        if (typeof body.id_token === 'string') idToken = body.id_token;
        token = body.refresh_token;
      } catch {
        errors++;
        return;
      }
    }
  }
  await Promise.all(spec.tokens.map(worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  console.log(
    JSON.stringify({
      requests: latencies.length,
      seconds,
      rps: ok / seconds,
      p50: at(0.5),
      p99: at(0.99),
      non2xx,
      errors,
      idToken: idToken ? await idTokenCheck(spec.url, idToken) : null,
    }),
  );
  keepAlive.destroy();
}
