// The server under test as a child process, started exactly as `npm start` starts it (node with
// tsx on packages/api/src/main.ts), its output appended to a log file; and a small HTTP client
// that speaks the API the way the SPA does (X-Device-ID, bearer token, JSON).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';

export const ROOT = new URL('..', import.meta.url).pathname;

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the server and resolves once it printed "Vestibule is up" and /readyz answers 200.
 * `nodeArgs` go before the entry point (e.g. a preload). Answers { child, pid, origin, exited }.
 * @param {{ env: Record<string, string | undefined>, port: number, logFile: string, nodeArgs?: string[], timeoutMs?: number }} options
 */
export async function startServer({ env, port, logFile, nodeArgs = [], timeoutMs = 120_000 }) {
  const log = createWriteStream(logFile, { flags: 'a' });
  log.write(`\n=== server start ${new Date().toISOString()}\n`);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', `${ROOT}packages/api/src/main.ts`], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      log.end(`=== server exit code=${code} signal=${signal} ${new Date().toISOString()}\n`);
      resolve({ code, signal });
    }),
  );
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  let tail = '';
  const up = new Promise((resolve) => {
    const watch = (chunk) => {
      tail = (tail + chunk).slice(-4000);
      if (tail.includes('Vestibule is up')) {
        child.stdout.off('data', watch);
        resolve(undefined);
      }
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', (chunk) => {
      tail = (tail + chunk).slice(-4000);
    });
  });
  const origin = `http://127.0.0.1:${port}`;
  const timer = sleep(timeoutMs).then(() => 'timeout');
  const outcome = await Promise.race([up.then(() => 'up'), exited.then(() => 'exited'), timer]);
  if (outcome !== 'up') {
    child.kill('SIGKILL');
    throw new Error(`the server did not start (${outcome}); see ${logFile}\n${tail}`);
  }
  for (let i = 0; i < 100; i++) {
    const ready = await fetch(`${origin}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (ready === 200) break;
    await sleep(100);
  }
  return { child, pid: child.pid, origin, exited, logFile };
}

/** SIGTERM (graceful: requests in flight and the outbox batch finish), SIGKILL after 20 s. */
export async function stopServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
  server.child.kill('SIGTERM');
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}

/** SIGKILL: no shutdown hook runs, the database sees the connection (or the process) vanish. */
export async function killServer(server) {
  server.child.kill('SIGKILL');
  return server.exited;
}

/** VmRSS and VmHWM of a live process in bytes (Linux /proc), or null. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** An error from the network (refused, reset, timed out): no HTTP answer at all. */
export class NetworkError extends Error {}

// Keep-alive connections of every client; replaced after a kill, so that no request is sent on a
// socket of the dead process.
let agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
export function resetConnections() {
  agent.destroy();
  agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
}

/** One API user: its device id and, once logged in, its bearer token. */
export class ApiClient {
  deviceId = randomUUID();
  /** @type {string | undefined} */
  token = undefined;

  /**
   * @param {string} origin
   * @param {{ host?: string, timeoutMs?: number }} [options]
   */
  constructor(origin, { host, timeoutMs = 30_000 } = {}) {
    this.origin = new URL(origin);
    this.host = host;
    this.timeoutMs = timeoutMs;
  }

  /** Answers { status, body, bytes } (body parsed when it is JSON); throws NetworkError. */
  /**
   * @param {string} method
   * @param {string} path
   * @param {{ json?: unknown, token?: string, headers?: Record<string, string>, api?: boolean }} [options]
   * @returns {Promise<{ status: number, body: any, bytes: number, headers: import('node:http').IncomingHttpHeaders }>}
   */
  call(method, path, { json, token = this.token, headers = {}, api = true } = {}) {
    /** @type {Record<string, string>} */
    const h = { ...headers };
    if (api) {
      h['x-device-id'] = this.deviceId;
      h.accept = 'application/json';
      if (token) h.authorization = `Bearer ${token}`;
    }
    if (this.host) h.host = this.host;
    const payload = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
    if (payload) {
      h['content-type'] = 'application/json';
      h['content-length'] = String(payload.length);
    }
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: this.origin.hostname,
          port: this.origin.port,
          method,
          path,
          headers: h,
          agent,
          timeout: this.timeoutMs,
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('error', (/** @type {NodeJS.ErrnoException} */ error) =>
            reject(new NetworkError(`${method} ${path}: ${error.code ?? error.message}`)),
          );
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body = text;
            if ((response.headers['content-type'] ?? '').includes('json') && text) {
              try {
                body = JSON.parse(text);
              } catch {
                body = text;
              }
            }
            resolve({
              status: response.statusCode ?? 0,
              body,
              bytes: text.length,
              headers: response.headers,
            });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', (/** @type {NodeJS.ErrnoException} */ error) =>
        reject(new NetworkError(`${method} ${path}: ${error.code ?? error.message}`)),
      );
      request.end(payload);
    });
  }
}
