import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_ENV_SHELL, SERVER_NODE_FLAGS } from '../../../../scripts/server-flags.mjs';
import { hashPassword } from '../../src/security/password';
import { startSmtpServer } from '../delivery/helpers';
import {
  ownSchema,
  ROOT,
  run,
  type ServerProcess,
  startServerProcess,
  waitUntilReady,
} from '../support/compiled-server';
import { PRODUCTION_OPERATOR_ENV } from '../support/production-env';

const databaseUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = 'Operator-chosen-2026!';
const EMAIL = 'first.user@example.com';

/**
 * The production path end to end (README "Production", docs/operations.md): `npm run build`
 * (what is stale), scripts/package.mjs into a temporary directory with `npm install --omit=dev`
 * (the Dockerfile runs the same two scripts), then `node packages/api/dist/main.js` there with
 * NODE_ENV=production against PostgreSQL: health, the login page and its assets, a login, the
 * compiled admin CLI, /metrics closed, and a clear refusal of a missing setting.
 */
describe.runIf(databaseUrl)('production install', () => {
  let release: string;
  let schema: Awaited<ReturnType<typeof ownSchema>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    release = mkdtempSync(join(tmpdir(), 'vestibule-release-'));
    run(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--stale-only'], ROOT);
    run(process.execPath, [join(ROOT, 'scripts/package.mjs'), release, '--install'], ROOT);
    schema = await ownSchema(databaseUrl as string, 'release');
    smtp = await startSmtpServer();
    env = {
      NODE_ENV: 'production',
      ...PRODUCTION_OPERATOR_ENV,
      LOG_LEVEL: 'warn',
      DATABASE_URL: schema.url,
      ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
      SMTP_URL: smtp.url,
      // The editions' public origins (required in production; ALLOWED_HOSTS defaults to their hosts).
      PUBLIC_URL: 'http://localhost',
      PUBLIC_URL_LU: 'http://lu.localhost',
      // fetch sends the loopback address as Host (it cannot be overridden): served besides those.
      ALLOWED_HOSTS: '127.0.0.1',
    };
  }, 170_000);

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await smtp?.close();
    await schema?.drop();
    if (release) rmSync(release, { recursive: true, force: true });
  });

  it('is what the Dockerfile builds and runs', () => {
    // Container images cannot be built here: the Dockerfile runs these same scripts and entry.
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^RUN npm run build && node scripts\/package\.mjs \/release --install$/m);
    expect(dockerfile).toMatch(/^COPY --from=build .*\/release \/app$/m);
    // With the node flags of npm start (scripts/server-flags.mjs, decisions 0043 and 0059).
    const cmd = JSON.stringify(['node', ...SERVER_NODE_FLAGS, 'packages/api/dist/main.js']).replaceAll(
      ',',
      ', ',
    );
    expect(dockerfile.split('\n')).toContain(`CMD ${cmd}`);
    // And its allocator settings (SERVER_ENV, decision 0061), an operator's value first in the release.
    const env = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
    expect(env.length).toBeGreaterThan(0);
    expect(dockerfile.split('\n')).toContain(`ENV ${env.join(' ')}`);
    const manifest = JSON.parse(readFileSync(join(release, 'package.json'), 'utf8'));
    expect(manifest.scripts.start).toBe(
      `${SERVER_ENV_SHELL} node ${SERVER_NODE_FLAGS.join(' ')} packages/api/dist/main.js`,
    );
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it('holds only runtime dependencies', () => {
    expect(existsSync(join(release, 'node_modules/fastify/package.json'))).toBe(true);
    for (const devTool of [
      'tsx',
      'typescript',
      'vite',
      'vitest',
      'esbuild',
      '@biomejs/biome',
      '@playwright/test',
    ])
      expect(existsSync(join(release, 'node_modules', devTool)), devTool).toBe(false);
    expect(existsSync(join(release, 'packages/api/src'))).toBe(false);
  });

  it('refuses to start in production without a required setting, naming it', async () => {
    const { ENCRYPTION_KEY: _, ...withoutKey } = env;
    const refused = await startServerProcess(join(release, 'packages/api/dist/main.js'), withoutKey, release);
    const exit = await refused.exited;
    expect(exit.code).toBe(1);
    expect(refused.output()).toContain('ENCRYPTION_KEY: required in production');

    const { PUBLIC_URL: __, ...withoutOrigin } = env;
    const noOrigin = await startServerProcess(
      join(release, 'packages/api/dist/main.js'),
      withoutOrigin,
      release,
    );
    expect((await noOrigin.exited).code).toBe(1);
    expect(noOrigin.output()).toContain('PUBLIC_URL, PUBLIC_URL_LU: required in production');
  });

  it('starts with NODE_ENV=production, reports ready, serves the login page and logs a user in', async () => {
    server = await startServerProcess(join(release, 'packages/api/dist/main.js'), env, release);
    await waitUntilReady(server);
    // Node 24: nothing (oidc-provider in particular) warns about the runtime.
    expect(server.output()).not.toMatch(/unsupported runtime/i);
    const ready = await (await fetch(`${server.base}/readyz`)).json();
    expect(ready).toMatchObject({ status: 'ready', checks: { database: { status: 'up' } } });

    // No demo data in production: the first account comes from the operator (here in SQL).
    const client = new pg.Client({ connectionString: schema.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO users (edition, language, password_hash) VALUES ('general', 'en', $1) RETURNING id`,
        [await hashPassword(PASSWORD)],
      );
      await client.query(
        `INSERT INTO user_emails (user_id, edition, address, is_default, verified_at) VALUES ($1, 'general', $2, true, now())`,
        [rows[0]!.id, EMAIL],
      );
      const demo = await client.query(`SELECT 1 FROM user_emails WHERE address LIKE '%@demo.test'`);
      expect(demo.rowCount).toBe(0);
    } finally {
      await client.end();
    }

    const page = await fetch(`${server.base}/login`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('id="vestibule-config"');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${server.base}${script}`)).status).toBe(200);

    const login = await fetch(`${server.base}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-id': crypto.randomUUID() },
      body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { access_token?: unknown }).access_token).toBeTypeOf('string');

    // /metrics is closed on the public port in production (no METRICS_TOKEN here).
    expect((await fetch(`${server.base}/metrics`)).status).toBe(404);

    // The compiled admin CLI of the installed output works on the same database.
    const found = run(
      process.execPath,
      [join(release, 'packages/api/dist/cli.js'), 'users', 'find', EMAIL],
      release,
      {
        PATH: process.env.PATH ?? '',
        ...env,
      },
    );
    expect(found).toMatch(/Account \d+ \(general\)/);
    // The login above opened the account's one session.
    expect(found).toContain('1 session(s)');
  }, 90_000);
});
