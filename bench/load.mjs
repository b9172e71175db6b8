// The load generator, run by bench/run.mjs as its own process so that it never shares an event
// loop with the server or with the orchestrator: `node bench/load.mjs '<json spec>'`; prints one
// JSON line { requests, seconds, rps, p50, p99, non2xx, errors }.
//
// kind "fixed": autocannon with a fixed list of requests (cycled per connection).
// kind "refresh": an OAuth refresh-token rotation chain per connection. Each answer carries the next
// refresh token, so every worker posts its current token and keeps the new one (autocannon's
// per-connection context is reset at each cycle of its request list, so it cannot hold a chain).
import autocannon from 'autocannon';

const spec = JSON.parse(process.argv[2] ?? '');

if (spec.kind === 'fixed') {
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
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
    }),
  );
} else if (spec.kind === 'refresh') {
  const latencies = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  /** Whether the answers carry a new ID token (an RS256 signature per refresh). */
  let idToken = false;
  const started = performance.now();
  const deadline = started + spec.seconds * 1000;
  async function worker(first) {
    let token = first;
    while (performance.now() < deadline) {
      const sent = performance.now();
      try {
        const response = await fetch(`${spec.url}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: token,
            client_id: spec.clientId,
          }),
        });
        const body = /** @type {{ refresh_token?: string, id_token?: unknown }} */ (await response.json());
        latencies.push(performance.now() - sent);
        if (response.status !== 200 || !body.refresh_token) {
          non2xx++;
          return; // the chain is broken (a reused token revokes the grant): this worker stops
        }
        ok++;
        idToken ||= typeof body.id_token === 'string';
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
      idToken,
    }),
  );
}
