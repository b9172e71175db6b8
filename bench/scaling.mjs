// The scaling figure (issue 21): the same password-login and GET /api/user loads through a
// round-robin proxy (bench/round-robin-proxy.mjs) in front of one, then two Vestibule instances on
// one PostgreSQL. The proxy is in the path of both measurements, so the ratio is the instances'.
import { BenchBrowser } from './client.mjs';
import { freePort, load, startProcess, stopProcess } from './processes.mjs';

/**
 * `startInstance(port)` starts one server (answers its child process); `loginSpec(origin, user,
 * seconds)` and `userSpec(origin, user, seconds)` the loads of the main figures.
 */
export async function scalingFigures({ startInstance, loginSpec, userSpec, durations, log, login }) {
  const instances = [];
  const figures = {};
  try {
    for (let i = 0; i < 2; i++) instances.push(await startInstance(await freePort()));
    for (const count of [1, 2]) {
      log(`scaling: ${count} instance(s) behind a round-robin proxy`);
      const port = await freePort();
      const proxy = await startProcess(
        ['bench/round-robin-proxy.mjs'],
        {
          PORT: String(port),
          UPSTREAMS: instances
            .slice(0, count)
            .map((i) => i.port)
            .join(','),
        },
        'ready',
      );
      try {
        const origin = `http://127.0.0.1:${port}`;
        const user = new BenchBrowser(origin);
        await user.logIn(login.username, login.password);
        await load(loginSpec(origin, user, durations.warm));
        const logins = await load(loginSpec(origin, user, durations.measure));
        await load(userSpec(origin, user, durations.warm));
        const reads = await load(userSpec(origin, user, durations.measure));
        figures[count] = { logins, user: reads };
      } finally {
        await stopProcess(proxy);
      }
    }
    return figures;
  } finally {
    for (const instance of instances) await stopProcess(instance.child);
  }
}
