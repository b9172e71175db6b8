import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/db/schema';
import { createLogger } from '../../src/logger';
import { VERSION } from '../../src/version';
import { closedPort } from '../delivery/helpers';
import { createTestApp, type TestApp } from '../support/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The product's logger at `level`, writing its lines into `lines` (redaction and format kept). */
function memoryLogger(level: string, lines: Record<string, unknown>[]) {
  const log = createLogger(level);
  (log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = {
    write: (line: string) => {
      lines.push(JSON.parse(line));
    },
  };
  return log;
}

/** A database on a port nobody listens on: every statement fails, as when PostgreSQL is gone. */
async function unreachableDatabase() {
  return new Kysely<DB>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ host: '127.0.0.1', port: await closedPort(), connectionTimeoutMillis: 1_000 }),
    }),
  });
}

describe('request ids', () => {
  const lines: Record<string, unknown>[] = [];
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ LOG_LEVEL: 'info' }, { log: memoryLogger('info', lines) });
  });
  afterAll(() => test.app.close());

  it('keeps a well-formed X-Request-Id: in the answer, its log lines and its error body', async () => {
    lines.length = 0;
    const response = await test.call({
      method: 'GET',
      url: '/api/user',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-request-id']).toBe('abc-123');
    expect(response.json()).toMatchObject({ code: 'unauthorized', requestId: 'abc-123' });
    const own = lines.filter((line) => line.requestId === 'abc-123');
    expect(own.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('replaces a missing or malformed X-Request-Id with a random UUID', async () => {
    const ids = new Set<string>();
    for (const given of [undefined, 'has spaces', '<script>', 'x'.repeat(200), '-leading-dash']) {
      const response = await test.call({
        method: 'GET',
        url: '/api/status',
        headers: given === undefined ? {} : { 'x-request-id': given },
      });
      const id = response.headers['x-request-id'] as string;
      expect(id, String(given)).toMatch(UUID);
      ids.add(id);
    }
    expect(ids.size).toBe(5);
  });

  it('names the request in a 500, whose detail goes to the log line with the same id', async () => {
    lines.length = 0;
    const reachable = test.app.ctx.db;
    // A fault of the code, not a database out of reach (that one is answered 503, below).
    test.app.ctx.db = new Proxy(reachable, {
      get() {
        throw new Error('a bug');
      },
    });
    try {
      const response = await test.call({
        method: 'GET',
        url: '/api/user',
        headers: { 'x-request-id': 'support-case-42' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ code: 'server_error', requestId: 'support-case-42' });
      const error = lines.find((line) => line.msg === 'unexpected error');
      expect(error).toMatchObject({ requestId: 'support-case-42', level: 'error' });
    } finally {
      test.app.ctx.db = reachable;
    }
  });

  it('names the request in a 503 when the database is out of reach, and in its log line', async () => {
    lines.length = 0;
    const reachable = test.app.ctx.db;
    const unreachable = await unreachableDatabase();
    try {
      test.app.ctx.db = unreachable;
      const response = await test.call({
        method: 'GET',
        url: '/api/user',
        headers: { 'x-request-id': 'support-case-43' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'unavailable', requestId: 'support-case-43' });
      const warning = lines.find((line) => line.msg === 'database unavailable');
      expect(warning).toMatchObject({ requestId: 'support-case-43', level: 'warn' });
    } finally {
      test.app.ctx.db = reachable;
      await unreachable.destroy();
    }
  });

  it('names the request in the answers the router gives before any hook (a malformed URL)', async () => {
    const response = await test.call({
      method: 'GET',
      url: '/api/%zz',
      headers: { 'x-request-id': 'bad-url-1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-request-id']).toBe('bad-url-1');
    expect(response.json()).toMatchObject({ code: 'bad_request', requestId: 'bad-url-1' });
  });
});

describe('log lines an operator wants', () => {
  it('100 probe and scrape calls at LOG_LEVEL=info write no line; at debug they do', async () => {
    for (const [level, expected] of [
      ['info', 0],
      ['debug', 200],
    ] as const) {
      const lines: Record<string, unknown>[] = [];
      const test = await createTestApp({ LOG_LEVEL: level }, { log: memoryLogger(level, lines) });
      try {
        for (let i = 0; i < 25; i++)
          for (const url of ['/livez', '/readyz', '/healthz', '/metrics'])
            expect((await test.call({ method: 'GET', url, deviceId: null })).statusCode, url).toBe(200);
        const requestLines = lines.filter((line) => line.requestId);
        expect(requestLines, level).toHaveLength(expected);
        if (expected) expect(new Set(requestLines.map((line) => line.level))).toEqual(new Set(['debug']));
        // Other requests stay at info.
        await test.call({ method: 'GET', url: '/api/status' });
        expect(lines.filter((line) => line.requestId && line.level === 'info')).toHaveLength(2);
      } finally {
        await test.app.close();
      }
    }
  });

  it('every line is one JSON object with a level name, time, service, version and instance', async () => {
    const lines: Record<string, unknown>[] = [];
    const log = memoryLogger('info', lines);
    log.info('a line');
    log.error({ err: new Error('multi\nline') }, 'an error');
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toMatchObject({ service: 'vestibule', version: VERSION, instance: expect.any(String) });
      expect(Date.parse(line.time as string)).not.toBeNaN();
    }
    expect(lines.map((line) => line.level)).toEqual(['info', 'error']);
    expect(lines[1]).toMatchObject({
      err: { message: 'multi\nline', stack: expect.stringContaining('Error') },
    });
  });

  it('GET /healthz names the running version, that of package.json', async () => {
    const test = await createTestApp();
    try {
      const response = await test.call({ method: 'GET', url: '/healthz', deviceId: null });
      const { version } = (await import('../../../../package.json', { with: { type: 'json' } })).default;
      expect(response.json()).toEqual({ status: 'ok', version });
    } finally {
      await test.app.close();
    }
  });
});
