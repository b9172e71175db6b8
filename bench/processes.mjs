// Child processes of the bench: the server under test, the baseline, the load generator, tsx
// helpers; and the peak resident memory of a process (Linux /proc).
import { execFile, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';

export const ROOT = new URL('..', import.meta.url).pathname;
const run = promisify(execFile);

/** The compiled server of this run (scripts/build-server.mjs wants a directory inside the repository). */
export const SERVER_DIST = `${ROOT}bench/.server-${process.pid}`;

/** Builds the server and the admin CLI into SERVER_DIST; answers the path of its main.js. */
export function buildServer() {
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--out', SERVER_DIST], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  return `${SERVER_DIST}/main.js`;
}

// A port nobody listens on, found as the robustness scripts find theirs.
export { freePort } from '../robustness/server.mjs';

/** Runs `node <args>` to completion and answers the JSON of its last stdout line. */
export async function nodeJson(args, env = {}) {
  const { stdout } = await run(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '');
}

/** A bearer token's GET of one path on ten connections for `seconds`: the read figures' load. */
export const bearerReadSpec = (origin, path, headers, seconds) => ({
  kind: 'fixed',
  url: origin,
  seconds,
  connections: 10,
  requests: [{ method: 'GET', path, headers }],
});

/** Load from a process of its own (bench/load.mjs). */
export function load(spec) {
  return nodeJson(['bench/load.mjs', JSON.stringify(spec)]);
}

/**
 * Starts a long-running node process and resolves once its stdout shows `ready`, or, when `ready`
 * is an http URL, once that URL answers 200 (a server outside a terminal logs its banner at info,
 * which the bench's LOG_LEVEL=warn hides).
 */
export function startProcess(args, env, ready, timeoutMs = 120_000) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(
      () => fail(new Error(`${args.join(' ')} not ready in ${timeoutMs} ms`)),
      timeoutMs,
    );
    let settled = false;
    function fail(error) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${error.message}\n${output.slice(-4000)}`));
    }
    function succeed() {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(child);
    }
    const byUrl = ready.startsWith('http://');
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (!byUrl && output.includes(ready)) succeed();
    });
    if (byUrl) {
      const poll = () =>
        fetch(ready)
          .then((response) => response.status === 200)
          .catch(() => false)
          .then((up) => {
            if (up) succeed();
            else if (!settled) setTimeout(poll, 250);
          });
      poll();
    }
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => fail(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

/** SIGTERM, then SIGKILL after 15 s. */
export function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.removeAllListeners('exit');
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.kill('SIGTERM');
  });
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * CPU times of a process (or a thread: `<pid>/task/<tid>`) from /proc in ms: `own` (utime +
 * stime, all its threads), `system` (stime alone) and `children` (its waited children's); zeros
 * once it is gone.
 */
export function cpuTimes(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name in parentheses, fields[0] is field 3: utime is 14, stime 15,
    // cutime 16, cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (/** @type {number[]} */ ...indexes) =>
      (indexes.reduce((sum, index) => sum + Number(fields[index]), 0) * 1000) / TICKS_PER_SECOND;
    return { own: ms(11, 12), system: ms(12), children: ms(13, 14) };
  } catch {
    return { own: 0, system: 0, children: 0 };
  }
}

/**
 * CPU time of a process in ms to the nanosecond: the sum of its threads' time on a CPU, user and
 * kernel (`/proc/<pid>/task/<tid>/schedstat`), where `cpuTimes` counts in 10 ms ticks. A figure of a
 * few hundred short requests spread over a dozen PostgreSQL backends drowns in ticks rounded per
 * process. Falls back to the ticks where schedstat is missing; a thread gone takes its time with it.
 */
export function preciseCpuMs(pid) {
  try {
    return schedstatMs(pid);
  } catch {
    return cpuTimes(pid).own;
  }
}

/**
 * CPU time in ms, to the nanosecond, of the threads of a process with this name (`/proc/<pid>/task/
 * <tid>/comm`): `libuv-worker` are libuv's pool, where the server's argon2id hashes run (a login's
 * response is too small to be compressed there). 0 where /proc is missing.
 */
export function threadsCpuMs(pid, name) {
  try {
    return schedstatMs(pid, name);
  } catch {
    return 0;
  }
}

/** The summed schedstat time of a process's threads, of those with this name when one is given. */
function schedstatMs(pid, name) {
  let nanoseconds = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    if (name && readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim() !== name) continue;
    nanoseconds += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
  }
  return nanoseconds / 1e6;
}

/**
 * CPU time the whole machine has spent busy, all cores, in ms (Linux `/proc/stat`: user, nice,
 * system, irq and softirq; idle, iowait and steal, a virtual machine's time given to others, are
 * not), or null where /proc is missing.
 * Over a measurement it counts everything a request costs on the machine: the server, PostgreSQL,
 * the load generator and the kernel's work for them (every figure per machine core).
 */
export function machineBusyMs() {
  try {
    // The first line: "cpu  user nice system idle iowait irq softirq steal guest guest_nice".
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '').trim().split(/\s+/);
    const ticks = [1, 2, 3, 6, 7].reduce((sum, index) => sum + Number(fields[index]), 0);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/** Peak resident set size of a live process in bytes (VmHWM), or null where /proc is missing. */
export function peakRss(pid) {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}
