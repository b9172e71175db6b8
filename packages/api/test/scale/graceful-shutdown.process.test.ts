import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/seed';
import { buildServer, ownSchema, startServerProcess, waitUntilReady } from '../support/compiled-server';

const databaseUrl = process.env.TEST_DATABASE_URL;
const SHUTDOWN_TIMEOUT_MS = 5_000;

/**
 * SIGTERM to the compiled server (node dist/main.js, as `npm start` and the image run it) while a
 * browser-like client holds an idle keep-alive connection and another request is still sending
 * its body: the request is answered, the idle connection is closed, and the process exits 0 well
 * within SHUTDOWN_TIMEOUT_MS.
 */
describe.runIf(databaseUrl)('graceful shutdown of the compiled server', () => {
  let dist: string;
  let schema: Awaited<ReturnType<typeof ownSchema>>;
  beforeAll(async () => {
    dist = buildServer('shutdown');
    schema = await ownSchema(databaseUrl as string, 'shutdown');
  }, 60_000);
  afterAll(async () => {
    await schema?.drop();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('answers the request in flight, closes the idle keep-alive connection and exits 0 in time', async () => {
    const server = await startServerProcess(
      join(dist, 'main.js'),
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: schema.url,
        ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
        SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
        DATA_DIR: join(dist, 'data'),
      },
      dist,
    );
    await waitUntilReady(server);

    // A browser's idle keep-alive connection: one answered request, the socket left open.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let idleClosed = false;
    await new Promise<void>((resolve, reject) => {
      http
        .get(`${server.base}/livez`, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve());
          response.socket.on('close', () => {
            idleClosed = true;
          });
        })
        .on('error', reject);
    });

    // A slow request: headers sent, the body still coming when SIGTERM arrives.
    const body = JSON.stringify({ username: 'employee@demo.test', password: DEMO_PASSWORD });
    let connected!: () => void;
    const isConnected = new Promise<void>((resolve) => {
      connected = resolve;
    });
    let finishBody!: () => void;
    const inFlight = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const request = http.request(
        `${server.base}/api/token`,
        { method: 'POST', headers: { 'x-device-id': randomUUID(), 'content-type': 'application/json' } },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
          );
        },
      );
      request.on('error', reject);
      request.on('socket', (socket) => socket.on('connect', connected));
      request.setHeader('content-length', Buffer.byteLength(body));
      request.write(body.slice(0, 10));
      finishBody = () => request.end(body.slice(10));
    });
    await isConnected;
    await new Promise((resolve) => setTimeout(resolve, 200));

    const started = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    finishBody();

    const answered = await inFlight;
    expect(answered.status).toBe(200);
    // Answered while draining: the connection closes behind it instead of idling.
    expect(answered.connection).toBe('close');
    const exit = await server.exited;
    const took = Date.now() - started;
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    expect(took).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(idleClosed).toBe(true);
    expect(server.output()).not.toContain('shutdown timed out');
    agent.destroy();
  }, 90_000);
});
