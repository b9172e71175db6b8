import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../../scripts/server-flags.mjs';
import { TEST_SERVER_ENV } from '../src/support/serverEnv';

/** The Firefox suite's own server port (after the Chromium run, or beside it on another port). */
export const PORT = Number(process.env.FIREFOX_E2E_PORT ?? 3211);
export const GENERAL = `http://localhost:${PORT}`;
export const LUXEMBOURG = `http://lu.localhost:${PORT}`;
/** Node's own requests (dev inbox) go to the loopback address: `localhost` may resolve to ::1 first. */
export const LOOPBACK = `http://127.0.0.1:${PORT}`;

const root = new URL('../../..', import.meta.url).pathname;
const DATA_DIR = join(tmpdir(), `vestibule-firefox-${PORT}`);

/**
 * The compiled server as `npm start` runs it, on a fresh embedded database with the dev inbox, as
 * the Chromium suite's playwright.config.ts starts it (same flags, same raised per-IP budgets).
 */
export async function startServer(): Promise<{ stop(): Promise<void> }> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const log = openSync(`${DATA_DIR}.log`, 'w');
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, join(root, 'packages/api/dist/main.js')],
    {
      cwd: root,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        ...SERVER_ENV,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        ...TEST_SERVER_ENV,
      },
    },
  );
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}), see ${DATA_DIR}.log`);
    try {
      if ((await fetch(`${LOOPBACK}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start in 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The newest 8-digit code sent to `to` since `since` (the dev inbox lists newest first). */
export async function codeFromInbox(to: string, since: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${LOOPBACK}/dev/inbox.json?to=${encodeURIComponent(to)}`);
    const messages = (await response.json()) as { bodyText: string; createdAt?: string }[];
    const fresh = messages.filter((m) => !m.createdAt || Date.parse(m.createdAt) >= since - 1000);
    const code = fresh[0]?.bodyText.match(/\b(\d{8})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code for ${to} in the dev inbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
