// What the traffic loops and the kill rounds share. The loops only call the server through
// `caller`, which knows whether the server was killed since the operation began: a request cut by
// a kill is "interrupted" (expected), while a 5xx or a network error from a live server is a
// failure of the run. The journal records each write once the server acknowledged it, so that
// check.ts can insist that it survived every later kill.
import { ApiClient, NetworkError } from '../../server.mjs';

/** The operation was cut by a kill: neither a success nor a failure. */
export class Interrupted extends Error {}
/** The server answered something it should not have: a failure of the run. */
export class Unexpected extends Error {}

/** The answer's body when its status is the expected one; else Unexpected. */
export const expect = (response, status, what) => {
  if (response.status !== status)
    throw new Unexpected(`${what}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
  return response.body;
};

export class Driver {
  /** Writes the server acknowledged (robustness/check.ts reads it as CrashJournal). */
  journal = { mergesAcked: [], mergesAttempted: [], contacts: {}, challenges: [], logins: {} };
  stats = {
    completed: { merge: 0, churn: 0, login: 0 },
    interrupted: { merge: 0, churn: 0, login: 0 },
    mergeOutcomes: {},
    requests: 0,
  };
  /** Counts the kills: an operation begun in an earlier epoch was cut by one. */
  epoch = 0;
  live = true;
  /** Resolves when the server is back after a kill; the loops wait on it. */
  whenLive = Promise.resolve();
  #liveAgain;
  /** Set once the last round is over: the loops finish their operation and end. */
  stopping = false;
  inFlight = 0;
  /** Merge requests in flight: a "merge" round waits for one to kill the server under it. */
  mergesInFlight = 0;
  /** One client per account, so that a logged-in account keeps its token across operations. */
  #clients = new Map();

  constructor(origin, failures) {
    this.origin = origin;
    this.failures = failures;
  }

  clientOf(account) {
    if (!this.#clients.has(account.id)) this.#clients.set(account.id, new ApiClient(this.origin));
    return this.#clients.get(account.id);
  }

  /** An API call of an operation begun in `opEpoch`; a kill since then interrupts it. */
  caller(client, opEpoch) {
    return async (method, path, options) => {
      if (this.epoch !== opEpoch || !this.live) throw new Interrupted();
      this.inFlight += 1;
      this.stats.requests += 1;
      try {
        const response = await client.call(method, path, options);
        if (response.status >= 500) {
          this.failures.push(
            `${method} ${path.split('?')[0]} answered ${response.status}: ${JSON.stringify(response.body).slice(0, 200)}`,
          );
          throw new Unexpected(`${response.status}`);
        }
        return response;
      } catch (error) {
        if (error instanceof NetworkError) {
          if (this.epoch !== opEpoch || !this.live) throw new Interrupted();
          this.failures.push(`network error from a live server: ${error.message}`);
        }
        throw error;
      } finally {
        this.inFlight -= 1;
      }
    };
  }

  /** Just before the kill: every operation in progress is interrupted from here on. */
  serverDown() {
    this.live = false;
    this.whenLive = new Promise((resolve) => {
      this.#liveAgain = resolve;
    });
    this.epoch += 1;
  }

  serverUp() {
    this.live = true;
    this.#liveAgain();
  }
}
