// `npm run crash [-- --postgres | --pglite] [-- --quick]`: crash safety. Starts the real
// server as a child process, drives concurrent writes over HTTP (account merges, two of them
// racing for the same duplicate now and then; contacts added and removed; MFA logins and step-up
// codes), SIGKILLs the server at a random moment, restarts it on the same database, and checks the
// invariants in the database (robustness/check.ts). Several rounds, then the outbox is drained and
// every message the SMTP server and the SMS API received is compared with the outbox.
// Exits non-zero with a report when an invariant breaks. Settings: CRASH_ROUNDS (6, 3 with --quick),
// CRASH_CONCURRENCY (8), CRASH_DATABASE_URL (an admin connection to PostgreSQL, default
// postgres://postgres@127.0.0.1:5432/postgres; the run creates and drops database
// vestibule_crash_<pid>), CRASH_KEEP=1 keeps the run's directory (logs, journal, deliveries).
//
// The parts, in robustness/crash/: options.mjs (the settings), run.mjs (one run on one database,
// which wires the rest), database.mjs, server-under-test.mjs, checks.mjs (prepare.ts and check.ts),
// traffic/ (the loops: merges, contacts, codes), rounds.mjs (the kills), deliveries.mjs (the
// outbox across kills and the drain), summary.mjs (what is printed).
import { log, MODES } from './crash/options.mjs';
import { crashRun } from './crash/run.mjs';
import { printSummary } from './crash/summary.mjs';

let allOk = true;
for (const mode of MODES) {
  log(`=== ${mode}`);
  const { ok, report, skipped } = await crashRun(mode);
  if (skipped) {
    log(`${mode}: skipped (${skipped})`);
    continue;
  }
  allOk &&= ok;
  printSummary(mode, ok, report);
}
log(allOk ? 'crash safety: all invariants held' : 'crash safety: FAILED');
process.exit(allOk ? 0 : 1);
