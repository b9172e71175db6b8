// The scaling figure: the same password-login and GET /api/user loads through a
// round-robin proxy (bench/round-robin-proxy.mjs) in front of one, and through another in front of
// two Vestibule instances on one PostgreSQL. Both proxies run at once and short slices alternate
// between them (one, two, one, …), so that a machine whose load changes during the run weighs on
// both alike; the proxy is in both paths, so the ratio is the instances'.
import { BenchBrowser } from './client.mjs';
import { freePort, load, startProcess, stopProcess } from './processes.mjs';

const ROUNDS = 3;

/**
 * `startInstance(port)` starts one server (answers { port, child }); `loginSpec(origin, user,
 * seconds)` and `userSpec(origin, user, seconds)` the loads of the main figures.
 */
export async function scalingFigures({ startInstance, loginSpec, userSpec, durations, log, login }) {
  const instances = [];
  const proxies = [];
  try {
    for (let i = 0; i < 2; i++) instances.push(await startInstance(await freePort()));
    const fronts = {};
    for (const count of [1, 2]) {
      const port = await freePort();
      proxies.push(
        await startProcess(
          ['bench/round-robin-proxy.mjs'],
          {
            PORT: String(port),
            UPSTREAMS: instances
              .slice(0, count)
              .map((i) => i.port)
              .join(','),
          },
          'ready',
        ),
      );
      const origin = `http://127.0.0.1:${port}`;
      const user = new BenchBrowser(origin);
      await user.logIn(login.username, login.password);
      fronts[count] = { origin, user };
    }
    const slice = Math.max(1, Math.round(durations.measure / ROUNDS));
    const figures = { 1: {}, 2: {}, rounds: ROUNDS, sliceSeconds: slice };
    for (const [key, spec] of [
      ['logins', loginSpec],
      ['user', userSpec],
    ]) {
      log(`scaling: ${key}, 1 and 2 instances behind a proxy, ${ROUNDS} alternating slices of ${slice} s`);
      for (const count of [1, 2]) await load(spec(fronts[count].origin, fronts[count].user, durations.warm));
      const sums = { 1: { ok: 0, seconds: 0 }, 2: { ok: 0, seconds: 0 } };
      for (let round = 0; round < ROUNDS; round++)
        for (const count of [1, 2]) {
          const result = await load(spec(fronts[count].origin, fronts[count].user, slice));
          sums[count].ok += result.rps * result.seconds;
          sums[count].seconds += result.seconds;
        }
      for (const count of [1, 2]) figures[count][key] = { rps: sums[count].ok / sums[count].seconds };
    }
    return figures;
  } finally {
    for (const proxy of proxies) await stopProcess(proxy);
    for (const instance of instances) await stopProcess(instance.child);
  }
}
