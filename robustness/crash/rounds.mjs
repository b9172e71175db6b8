// The kill rounds: traffic for a while, SIGKILL at the round's kind of moment, a look at what the
// dead process left (PostgreSQL), a restart on the same data. The loops are told the server is down
// before the kill, so that whatever they had in flight counts as interrupted, not failed.
import { resetConnections, sleep } from '../server.mjs';
import { releaseClaimsOfTheDead } from './deliveries.mjs';
import { KILL_KINDS, log, ROUNDS, TRAFFIC_MS } from './options.mjs';

/** Waits for the round's moment; answers what the kill struck (a kind falls back to random). */
async function momentOf(kind, driver, capture) {
  if (kind === 'merge') {
    const until = Date.now() + 10_000;
    while (driver.mergesInFlight === 0 && Date.now() < until) await sleep(1);
    if (driver.mergesInFlight === 0) return 'random (no merge in flight)';
    await sleep(Math.random() * 20);
  } else if (kind === 'delivery') {
    const delivery = await capture.nextDelivery(10_000);
    if (!delivery) return 'random (no delivery)';
    await sleep(Math.random() * 4);
  }
  return kind;
}

/**
 * Runs the ROUNDS kills; each round's entry goes into `entries` as soon as it is over (a report of
 * an aborted run shows the rounds it had). Answers { kills, predictedRedeliveries }.
 */
export async function killRounds({ mode, driver, server, capture, db, check, entries }) {
  const { stats, failures } = driver;
  const kills = [];
  let predictedRedeliveries = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const kind = KILL_KINDS[(round - 1) % KILL_KINDS.length];
    const trafficMs = TRAFFIC_MS[0] + Math.random() * (TRAFFIC_MS[1] - TRAFFIC_MS[0]);
    await sleep(trafficMs);
    const struck = await momentOf(kind, driver, capture);
    const mergesAtKill = driver.mergesInFlight;
    const before = { ...stats.completed };
    // Kill: writes in flight die with the process.
    driver.serverDown();
    const requestsInFlight = driver.inFlight;
    const killedAt = Date.now();
    await server.kill();
    const diedAt = Date.now();
    resetConnections();
    const entry = {
      round,
      kind: struck,
      mergesAtKill,
      trafficMs: Math.round(trafficMs),
      requestsInFlight,
      completed: before,
      interrupted: { ...stats.interrupted },
    };
    // PGlite has no db: its data is the server's alone, so it is checked once, after the run.
    if (db) {
      Object.assign(entry, await releaseClaimsOfTheDead(db, capture.deliveries));
      predictedRedeliveries += entry.claimsAlreadyAccepted;
      const result = await check(false);
      entry.check = result.ok ? 'ok' : `${result.violations.length} violations`;
      entry.stats = result.stats;
    }
    const respawnedAt = Date.now();
    await server.start();
    entry.restartMs = Date.now() - respawnedAt;
    kills.push({ killedAt, diedAt, respawnedAt });
    driver.serverUp();
    entries.push(entry);
    log(
      `${mode}: round ${round} (${struck}): killed after ${entry.trafficMs} ms with ${requestsInFlight} requests ` +
        `(${mergesAtKill} merges) in flight; restarted in ${entry.restartMs} ms` +
        `${entry.claimsOfTheDead !== undefined ? `; ${entry.claimsOfTheDead} outbox claims of the dead process, ${entry.claimsAlreadyAccepted} of them already accepted by a provider` : ''}` +
        `${entry.check ? `; check ${entry.check}` : ''}; operations so far ${JSON.stringify(stats.completed)}` +
        `${failures.length ? `; ${failures.length} failures so far` : ''}`,
    );
  }
  return { kills, predictedRedeliveries };
}
