// The run's two tsx scripts, which read the database as the server's own code does:
// robustness/prepare.ts creates the accounts; robustness/check.ts checks the invariants against the
// journal of acknowledged writes (and, at the end, against what the providers received).
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../server.mjs';
import { MAIL_FROM } from './options.mjs';

const run = promisify(execFile);

/** Runs a tsx script of robustness/ and answers the JSON of its last stdout line. */
async function tsxJson(script, scriptArgs, env) {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'robustness', script), ...scriptArgs],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '');
}

/** The files of a run's directory: what the scripts exchange, and the server's log. */
export function runFiles(dir) {
  return {
    accounts: join(dir, 'accounts.json'),
    journal: join(dir, 'journal.json'),
    deliveries: join(dir, 'deliveries.json'),
    state: join(dir, 'state.json'),
    log: join(dir, 'server.log'),
  };
}

/** Creates the accounts in the fresh database; answers { sizes, accounts }. */
export async function prepareAccounts(files, checkEnv) {
  const sizes = await tsxJson('prepare.ts', [files.accounts], { ...checkEnv });
  return { sizes, accounts: JSON.parse(readFileSync(files.accounts, 'utf8')) };
}

/**
 * A checker of the invariants; each call writes the journal as it stands, so that check.ts sees
 * every write acknowledged so far. `final` (after the drain) adds the deliveries and the kills.
 * Violations become failures of the run; answers check.ts's { ok, violations, stats, notes }.
 */
export function invariantChecker({ files, checkEnv, journal, capture, failures }) {
  const writeState = (final, kills) => {
    writeFileSync(files.journal, JSON.stringify(journal));
    const state = { accounts: files.accounts, journal: files.journal };
    if (final) {
      writeFileSync(files.deliveries, JSON.stringify(capture.deliveries));
      Object.assign(state, { deliveries: files.deliveries, kills, mailFrom: MAIL_FROM });
    }
    writeFileSync(files.state, JSON.stringify(state));
  };
  return async (final, kills) => {
    writeState(final, kills);
    const result = await tsxJson('check.ts', [files.state], checkEnv);
    for (const v of result.violations) failures.push(`invariant: ${v}`);
    return result;
  };
}
