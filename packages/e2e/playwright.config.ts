import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';
import { TEST_SERVER_ENV } from './src/support/serverEnv';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = join(tmpdir(), `vestibule-e2e-${PORT}`); // also in src/support/urls.ts
/** The server's JSON log of the whole run, scanned for secrets by the global teardown. */
export const SERVER_LOG = `${DATA_DIR}.log`;
const root = new URL('../..', import.meta.url).pathname;
/**
 * The checkout whose built server is under test: this one, or another build given by
 * E2E_SERVER_ROOT (a `git worktree` of an older commit, to show that a new spec fails before its fix).
 */
const serverRoot = process.env.E2E_SERVER_ROOT ?? root;

/** End-to-end in Debian's Chromium against the real built server on a fresh embedded database. */
export default defineConfig({
  testDir: './src',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  globalTeardown: './src/support/log-hygiene.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    // The compiled server, as `npm start` runs it, with its flags (`npm run test:e2e` builds it first).
    command: `rm -rf ${DATA_DIR} && node ${SERVER_NODE_FLAGS.join(' ')} packages/api/dist/main.js > ${SERVER_LOG}`,
    cwd: serverRoot,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...SERVER_ENV,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      ...TEST_SERVER_ENV,
      // A build of its own keeps a run safe from rebuilds of packages/web/dist during it.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
      // profile@demo.test answers a step-up code in a dozen specs within fifteen minutes.
      RATE_LIMIT_CODE_CHECKS_PER_ACCOUNT: '100000',
    },
  },
});
