import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
const { version: VERSION } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
};

/** Every package installed in a release: its lock-file path (node_modules/…), name and version. */
function installedPackages(dir: string): { path: string; name: string; version: string }[] {
  const found: { path: string; name: string; version: string }[] = [];
  const visit = (modules: string) => {
    if (!existsSync(join(dir, modules))) return;
    for (const entry of readdirSync(join(dir, modules))) {
      if (entry.startsWith('.')) continue;
      const path = `${modules}/${entry}`;
      if (entry.startsWith('@')) {
        visit(path);
        continue;
      }
      // Workspace links (@vestibule/*) are the release's own code, not installed packages.
      if (lstatSync(join(dir, path)).isSymbolicLink()) continue;
      const manifest = JSON.parse(readFileSync(join(dir, path, 'package.json'), 'utf8'));
      found.push({ path, name: manifest.name, version: manifest.version });
      visit(`${path}/node_modules`);
    }
  };
  visit('node_modules');
  return found;
}
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

  it('installs exactly the versions of the lock file', () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    const installed = installedPackages(release);
    expect(installed.length).toBeGreaterThan(100);
    const differing = installed.filter(({ path, version }) => lock.packages[path]?.version !== version);
    expect(differing).toEqual([]);
    expect(installed.map(({ path }) => path)).toContain('node_modules/jose');
  });

  it('carries a CycloneDX SBOM that names every installed package', () => {
    const sbom = JSON.parse(readFileSync(join(release, 'sbom.cdx.json'), 'utf8')) as {
      bomFormat: string;
      components: { group?: string; name: string; version: string }[];
    };
    expect(sbom.bomFormat).toBe('CycloneDX');
    const named = new Set(
      sbom.components.map((c) => `${c.group ? `${c.group}/` : ''}${c.name}@${c.version}`),
    );
    const missing = installedPackages(release).filter(
      ({ name, version }) => !named.has(`${name}@${version}`),
    );
    expect(missing).toEqual([]);
  });

  it('names its version, that of package.json, with --version and in its manifest', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const printed = run(process.execPath, [join(release, 'packages/api/dist/main.js'), '--version'], release);
    expect(printed.trim()).toBe(version);
    expect(JSON.parse(readFileSync(join(release, 'package.json'), 'utf8')).version).toBe(version);
  });

  it('refuses to start in production without a required setting, naming it', async () => {
    const { ENCRYPTION_KEY: _, ...withoutKey } = env;
    const refused = await startServerProcess(join(release, 'packages/api/dist/main.js'), withoutKey, release);
    const exit = await refused.exited;
    expect(exit.code).toBe(1);
    expect(refused.output()).toContain('ENCRYPTION_KEY: required in production');
    // One JSON line, as every line in production, with the release's service fields.
    const [line, ...more] = refused.output().trim().split('\n');
    expect(more).toEqual([]);
    expect(JSON.parse(line as string)).toMatchObject({
      level: 'fatal',
      service: 'vestibule',
      version: VERSION,
    });

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
    expect(await (await fetch(`${server.base}/healthz`)).json()).toEqual({ status: 'ok', version: VERSION });
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

  it('refuses to start with a key that cannot open the database, naming ENCRYPTION_KEY', async () => {
    const wrongKey = { ...env, ENCRYPTION_KEY: Buffer.alloc(32, 6).toString('base64') };
    const refused = await startServerProcess(join(release, 'packages/api/dist/main.js'), wrongKey, release);
    expect((await refused.exited).code).toBe(1);
    expect(refused.output()).toContain('ENCRYPTION_KEY: cannot open what the database holds');
    // A configuration message, not a crash: no stack trace.
    expect(refused.output()).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('migrates with its `npm run migrate`, and a server with MIGRATE=off waits for that', async () => {
    const fresh = await ownSchema(databaseUrl as string, 'release_migrate');
    const freshEnv = { ...env, DATABASE_URL: fresh.url, PATH: process.env.PATH ?? '' };
    let waiting: ServerProcess | undefined;
    try {
      const dry = run('npm', ['run', '--silent', 'migrate', '--', '--dry-run'], release, freshEnv);
      expect(dry).toContain('Pending migrations:\n  0001_init.sql');
      waiting = await startServerProcess(
        join(release, 'packages/api/dist/main.js'),
        { ...freshEnv, MIGRATE: 'off', LOG_LEVEL: 'info' },
        release,
      );
      const started = Date.now();
      while (!waiting.output().includes('waiting for the migrations') && Date.now() - started < 30_000)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(waiting.output()).toContain('MIGRATE=off: waiting for the migrations to be applied');
      await expect(fetch(`${waiting.base}/readyz`)).rejects.toThrow(); // not listening yet
      expect(run('npm', ['run', '--silent', 'migrate'], release, freshEnv)).toContain(
        'Applied:\n  0001_init.sql',
      );
      await waitUntilReady(waiting);
    } finally {
      waiting?.child.kill('SIGTERM');
      await waiting?.exited;
      await fresh.drop();
    }
  }, 90_000);
});
