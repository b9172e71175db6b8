// One crash run on one database, from the fresh database to the report: prepare the accounts,
// start the server, run the traffic through the kill rounds, drain the outbox, check everything
// once more against what the providers received. Whatever happens, the server, the capture and the
// database are cleaned up; the run's directory stays when it failed (or with CRASH_KEEP).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCapture } from '../capture.mjs';
import { killServer, sleep } from '../server.mjs';
import { invariantChecker, prepareAccounts, runFiles } from './checks.mjs';
import { openDatabase } from './database.mjs';
import { checkRedeliveries, drainOutbox } from './deliveries.mjs';
import { CONCURRENCY, KEEP, log, started } from './options.mjs';
import { killRounds } from './rounds.mjs';
import { ServerUnderTest } from './server-under-test.mjs';
import { Driver } from './traffic/driver.mjs';
import { startTraffic } from './traffic/loops.mjs';

/** Answers { ok, report }, or { ok: true, skipped } when the database is not there. */
export async function crashRun(mode) {
  const dir = mkdtempSync(join(tmpdir(), `vestibule-crash-${mode}-`));
  const files = runFiles(dir);
  const failures = [];
  const report = { mode, rounds: [], dir };
  const database = await openDatabase(mode, dir);
  if ('skipped' in database && database.skipped !== undefined) {
    rmSync(dir, { recursive: true, force: true });
    return { ok: true, skipped: database.skipped };
  }
  const capture = await startCapture();
  let server;
  try {
    log(`${mode}: preparing accounts`);
    const { sizes, accounts } = await prepareAccounts(files, database.checkEnv);
    log(`${mode}: ${JSON.stringify(sizes)}`);
    const db = await database.connect();
    server = await ServerUnderTest.create({ capture, dbEnv: database.dbEnv, logFile: files.log });
    const first = await server.start();
    log(`${mode}: server up on ${server.origin} (pid ${first.pid})`);

    const driver = new Driver(server.origin, failures);
    const check = invariantChecker({
      files,
      checkEnv: database.checkEnv,
      journal: driver.journal,
      capture,
      failures,
    });
    const traffic = startTraffic(driver, accounts, CONCURRENCY);
    const { kills, predictedRedeliveries } = await killRounds({
      mode,
      driver,
      server,
      capture,
      db,
      check,
      entries: report.rounds,
    });
    // Traffic on the last server without a kill, then the loops finish their operation.
    await sleep(4_000);
    driver.stopping = true;
    await traffic;
    log(`${mode}: traffic stopped; draining the outbox`);
    const depth = await drainOutbox(server.origin);
    report.drainedAfterMs = Date.now() - (kills.at(-1)?.respawnedAt ?? started);
    if (depth !== 0) failures.push(`the outbox still holds ${depth} pending messages after the drain`);
    await sleep(500);
    await server.stop();
    const final = await check(
      true,
      kills.map((k) => ({ killedAt: k.diedAt, restartedAt: k.respawnedAt })),
    );
    report.final = final.stats;
    if (mode === 'postgres') checkRedeliveries(final.stats, predictedRedeliveries, failures);
    report.predictedRedeliveries = mode === 'postgres' ? predictedRedeliveries : undefined;
    report.notes = final.notes;
    report.driver = driver.stats;
    report.journal = {
      mergesAcked: driver.journal.mergesAcked.length,
      challengesAcked: driver.journal.challenges.length,
      loginsAcked: Object.values(driver.journal.logins).reduce((a, b) => a + b, 0),
    };
  } catch (error) {
    failures.push(`run aborted: ${/** @type {Error | undefined} */ (error)?.stack ?? error}`);
  } finally {
    if (server?.current) await killServer(server.current);
    await capture.close();
    await database.close();
  }
  report.failures = failures;
  const ok = failures.length === 0;
  if (ok && !KEEP) rmSync(dir, { recursive: true, force: true });
  return { ok, report };
}
