// The traffic loops: CRASH_CONCURRENCY of them, each doing one operation after another until the
// run stops, and waiting while the server is down. The mix leans on merges (the writes most likely
// to be torn by a kill) but keeps contact changes and code sends going all the time.
import { sleep } from '../../server.mjs';
import { codeTraffic } from './codes.mjs';
import { contactTraffic } from './contacts.mjs';
import { Interrupted, Unexpected } from './driver.mjs';
import { mergeTraffic } from './merges.mjs';

/** Starts the loops; answers a promise of their end (after driver.stopping is set). */
export function startTraffic(driver, accounts, concurrency) {
  const ops = {
    merge: mergeTraffic(driver, accounts),
    churn: contactTraffic(driver, accounts),
    login: codeTraffic(driver, accounts),
  };
  const { stats, failures } = driver;

  async function loop() {
    while (!driver.stopping) {
      if (!driver.live) {
        await driver.whenLive;
        continue;
      }
      const opEpoch = driver.epoch;
      // The first kind in this order that has work runs: the merge queue runs out in the end, and
      // every churn or login account may be busy in the other loops.
      const roll = Math.random();
      const order =
        roll < 0.4
          ? ['merge', 'churn', 'login']
          : roll < 0.75
            ? ['churn', 'login', 'merge']
            : ['login', 'churn', 'merge'];
      let done = false;
      for (const kind of order) {
        try {
          if (await ops[kind](opEpoch)) {
            stats.completed[kind] += 1;
            done = true;
            break;
          }
        } catch (error) {
          done = true;
          if (error instanceof Interrupted) stats.interrupted[kind] += 1;
          else if (error instanceof Unexpected) failures.push(error.message);
          else failures.push(String(/** @type {Error | undefined} */ (error)?.stack ?? error));
          break;
        }
      }
      // Nothing to do for now: try again in a moment.
      if (!done) await sleep(20);
    }
  }

  return Promise.all(Array.from({ length: concurrency }, () => loop()));
}
