import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { DEMO_PASSWORD } from '../../src/seed';
import { createServer } from '../../src/server';

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(databaseUrl)('graceful shutdown', () => {
  it('finishes a request in flight, then refuses new connections', async () => {
    const schema = `vestibule_test_shutdown_${process.pid}_${Date.now()}`;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA "${schema}"`);
    await client.end();
    const server = await createServer(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: `${databaseUrl}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
        SEED_DEMO_DATA: 'on',
        ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
      }),
    );
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;

    // The request is under way (headers received, body still coming) when the shutdown starts.
    const body = JSON.stringify({ username: 'employee@demo.test', password: DEMO_PASSWORD });
    let connected!: () => void;
    const isConnected = new Promise<void>((resolve) => {
      connected = resolve;
    });
    const inFlight = new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${base}/api/token`,
        { method: 'POST', headers: { 'x-device-id': randomUUID(), 'content-type': 'application/json' } },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.on('socket', (socket) => socket.on('connect', connected));
      request.setHeader('content-length', Buffer.byteLength(body));
      request.write(body.slice(0, 10));
      isConnected.then(() => setTimeout(() => request.end(body.slice(10)), 400));
    });
    await isConnected;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const closing = server.close();
    expect(await inFlight).toBe(200);
    await closing;
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
