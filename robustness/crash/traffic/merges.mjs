// Account merges over HTTP, as a user does them (test/fuzzion/merge.success.test.ts): add the
// duplicate's e-mail, confirm it, prove the duplicate's phone, answer its password, merge. One
// group in ten has two survivors racing for the same duplicate: exactly one may be told it won.
import { expect, Interrupted, Unexpected } from './driver.mjs';
import { sessionSteps, withCode } from './session.mjs';

/**
 * The groups in the order they are merged: the contested ones (two rivals) spread through the
 * queue, so that kills meet them too.
 */
function groupQueue(groups) {
  const contested = groups.map((_, g) => g).filter((g) => groups[g].survivors.length > 1);
  const single = groups.map((_, g) => g).filter((g) => groups[g].survivors.length === 1);
  const every = Math.max(1, Math.floor(single.length / Math.max(1, contested.length)));
  const queue = [];
  for (const [i, g] of single.entries()) {
    if (i % every === 0 && contested.length) queue.push({ g: contested.shift(), tries: 0 });
    queue.push({ g, tries: 0 });
  }
  for (const g of contested) queue.push({ g, tries: 0 });
  return queue;
}

/** The merge operation of the traffic loops: one group per call; false once none is left. */
export function mergeTraffic(driver, accounts) {
  const { journal, stats, failures } = driver;
  const { logIn, withSudo } = sessionSteps(driver, accounts);
  const queue = groupQueue(accounts.groups);

  /** One survivor's whole merge sequence. Answers 'merged', 'lost' or 'already-ours'. */
  async function mergeSequence(g, s, contested, opEpoch) {
    const group = accounts.groups[g];
    const other = group.other;
    const me = group.survivors[s];
    const client = driver.clientOf(me);
    const call = driver.caller(client, opEpoch);
    // A rival may win at any step: its later steps then fail with a 4xx, which is the point.
    const lost = (r) => contested && r.status >= 400 && r.status < 500;
    await logIn(call, client, me);
    let r = await withSudo(call, me, () =>
      call('POST', '/api/user/emails', { json: { email: other.email } }),
    );
    if (r.status === 422) return 'already-ours';
    if (lost(r)) return 'lost';
    const start = expect(r, 202, 'merge: add the e-mail of the duplicate');
    if (!start.fuzzion) throw new Unexpected('merge: no merge offer');
    journal.challenges.push({ payload: start.payload, target: other.email });
    r = await withCode(call, other.email, (code) =>
      call('POST', '/api/user/emails/confirm', { json: { payload: start.payload, code } }),
    );
    if (lost(r)) return 'lost';
    const offer = expect(r, 200, 'merge: confirm the e-mail');
    if (!offer.fuzzion) {
      if (contested) return 'lost'; // the rival merged first: the address is its own now
      throw new Unexpected('merge: no offer on confirm');
    }
    r = await call('POST', '/api/mfa/fuzzion', {
      json: { payload: offer.payload, mfaId: other.methods.sms },
    });
    if (lost(r)) return 'lost';
    const proof = expect(r, 200, 'merge: proof code to the duplicate');
    journal.challenges.push({ payload: proof.payload, target: other.phone });
    r = await withCode(call, other.phone, (code) =>
      call('POST', '/api/fuzzion', { json: { payload: proof.payload, code } }),
    );
    if (lost(r)) return 'lost';
    expect(r, 200, 'merge: check the proof code');
    r = await call('POST', '/api/fuzzion/ownership', {
      json: {
        payload: offer.payload,
        answer: 'password',
        platform: 'employee_area',
        password: accounts.otherPassword,
      },
    });
    if (lost(r)) return 'lost';
    expect(r, 200, 'merge: ownership');
    // Noted before the request: a kill during it may or may not leave the merge committed (whole
    // or absent either way); check.ts reports how the unacknowledged ones ended.
    journal.mergesAttempted.push(`${g}:${s}`);
    driver.mergesInFlight += 1;
    try {
      r = await call('POST', '/api/fuzzion/merge', { json: { payload: offer.payload } });
    } finally {
      driver.mergesInFlight -= 1;
    }
    if (lost(r)) return 'lost';
    expect(r, 200, 'merge');
    journal.mergesAcked.push(`${g}:${s}`);
    return 'merged';
  }

  return async function mergeOp(opEpoch) {
    const item = queue.shift();
    if (!item) return false;
    const group = accounts.groups[item.g];
    const contested = group.survivors.length > 1;
    item.tries += 1;
    const outcomes = await Promise.allSettled(
      group.survivors.map((_, s) => mergeSequence(item.g, s, contested, opEpoch)),
    );
    const interrupted = outcomes.some((o) => o.status === 'rejected' && o.reason instanceof Interrupted);
    for (const o of outcomes) {
      const key =
        o.status === 'fulfilled' ? o.value : o.reason instanceof Interrupted ? 'interrupted' : 'error';
      stats.mergeOutcomes[key] = (stats.mergeOutcomes[key] ?? 0) + 1;
    }
    if (contested && outcomes.filter((o) => o.status === 'fulfilled' && o.value === 'merged').length > 1)
      failures.push(`group ${item.g}: both rivals were told their merge succeeded`);
    // An interrupted uncontested group is tried again later (its merge may have committed: the
    // next try then finds the e-mail already its own). Contested groups are raced once.
    if (interrupted && !contested && item.tries < 3) queue.push(item);
    const error = outcomes.find(
      /** @returns {o is PromiseRejectedResult} */ (o) =>
        o.status === 'rejected' && !(o.reason instanceof Interrupted),
    );
    if (error) throw error.reason;
    if (interrupted) throw new Interrupted();
    return true;
  };
}
