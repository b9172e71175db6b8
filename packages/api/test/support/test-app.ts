import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import type { Logger } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { createLogger } from '../../src/logger';
import { databaseRateLimiter } from '../../src/security/rate-limit';
import { createSecretBox, type SecretBox } from '../../src/security/secret-box';
import { seedDemoData } from '../../src/seed';

/** One fixed key for the run: every test app reads secrets the seed and other apps wrote. */
export const TEST_KEY = Buffer.alloc(32, 7);
export const TEST_SECRETS = createSecretBox(TEST_KEY);
/** The old and new keys of the key-rotation tests (their own database); test readers open them too. */
export const ROTATION_TEST_KEYS = [Buffer.alloc(32, 8), Buffer.alloc(32, 9)] as const;

/**
 * One database per test run, shared by every test file of the project (files run in one process
 * without isolation): in-memory PGlite, or PostgreSQL in a schema of its own when
 * TEST_DATABASE_URL is set (the api-postgres project).
 */
let shared: Promise<DatabaseHandle> | undefined;

export function testDatabase(): Promise<DatabaseHandle> {
  shared ??= (async () => {
    const url = process.env.TEST_DATABASE_URL;
    const schema = url ? `vestibule_test_${process.pid}_${Date.now()}` : undefined;
    const handle = await openDatabase({ databaseUrl: url, schema, poolSize: 5 });
    await migrate(handle.db);
    await seedDemoData(handle.db, TEST_SECRETS);
    // The api-postgres project's global setup drops the schema when the run ends.
    return handle;
  })();
  return shared;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_LOGIN_PER_IP: '100000',
    // Every test calls from 127.0.0.1 on one shared database: per-IP budgets would add up.
    RATE_LIMIT_CODES_PER_IP: '100000',
    RATE_LIMIT_CODE_CHECKS_PER_IP: '100000',
    ...overrides,
  });
}

/** Who calls: a bearer token with the device (and host) it was issued on. */
export interface Caller {
  token: string;
  deviceId?: string;
  host?: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /**
   * A request as the SPA sends it: general-edition host and a device id unless overridden;
   * `as` gives token, device and host of a caller at once.
   */
  call(
    options: InjectOptions & { token?: string; host?: string; deviceId?: string | null; as?: Caller },
  ): Promise<InjectResponse>;
}

/**
 * The app on the shared test database. `log` replaces the silent logger (log hygiene passes the
 * product's logger writing into memory); `beforeReady` may add hooks before the app starts;
 * `database` and `secrets` another database and keyring (key rotation).
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  {
    log = createLogger('silent'),
    beforeReady,
    database: given,
    secrets = TEST_SECRETS,
  }: {
    log?: Logger;
    beforeReady?: (app: FastifyInstance) => void;
    database?: DatabaseHandle;
    secrets?: SecretBox;
  } = {},
): Promise<TestApp> {
  const database = given ?? (await testDatabase());
  const config = testConfig(overrides);
  const app = await buildApp({
    config,
    db: database.db,
    rateLimiter: databaseRateLimiter(database.db),
    log,
    secrets,
  });
  // Hooks a test adds to watch the requests (the race tests count those in flight).
  beforeReady?.(app);
  await app.ready();
  const deviceId = randomUUID();
  return {
    app,
    database,
    call({
      as: caller,
      token = caller?.token,
      host = caller?.host,
      deviceId: device = caller?.deviceId,
      headers,
      ...options
    }) {
      return app.inject({
        ...options,
        headers: {
          host: host ?? 'localhost:3000',
          ...(device === null ? {} : { 'x-device-id': device ?? deviceId }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      });
    },
  };
}

/**
 * The test app of a file, started before its tests and closed after them: what every test file
 * otherwise writes as `let test; beforeAll(createTestApp); afterAll(close)`. Takes the same
 * overrides and options as createTestApp.
 */
export function sharedTestApp(
  overrides: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(overrides, options);
  });
  afterAll(() => current?.app.close());
  const live = () => {
    if (!current) throw new Error('the test app starts in beforeAll: use it inside a test or hook');
    return current;
  };
  return {
    get app() {
      return live().app;
    },
    get database() {
      return live().database;
    },
    call: (options) => live().call(options),
  };
}

/** POST /api/token with an account's e-mail and password (and any other request options): the answer as it is. */
export function attemptLogin(
  test: Pick<TestApp, 'call'>,
  account: { email: string; password: string },
  options: Omit<Parameters<TestApp['call']>[0], 'method' | 'url' | 'payload'> = {},
): Promise<InjectResponse> {
  return test.call({
    ...options,
    method: 'POST',
    url: '/api/token',
    payload: { username: account.email, password: account.password },
  });
}

/** POST of a code with the payload of its challenge: a new contact, an MFA method, a merge proof ... */
export function submitCode(
  test: Pick<TestApp, 'call'>,
  url: string,
  token: string,
  payload: string,
  code: string,
) {
  return test.call({ method: 'POST', url, token, payload: { payload, code } });
}

/** Logs a demo or test account in and answers its bearer token. */
export async function login(
  test: TestApp,
  username: string,
  password: string,
  host?: string,
): Promise<string> {
  const response = await test.call({
    method: 'POST',
    url: '/api/token',
    host,
    payload: { username, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json().access_token;
}
