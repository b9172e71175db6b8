import { execFileSync } from 'node:child_process';
import { E2E_DATA_DIR } from './urls';

const root = new URL('../../../..', import.meta.url).pathname;

/** Runs `npm run admin -- …` against the e2e server's embedded database. */
export function admin(...argv: string[]): string {
  // The compiled CLI, as `npm run admin` runs it (`npm run test:e2e` builds it first).
  return execFileSync(process.execPath, ['packages/api/dist/cli.js', ...argv], {
    cwd: root,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}
