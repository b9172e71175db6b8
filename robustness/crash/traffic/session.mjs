// The steps that every kind of traffic goes through: logging in, stepping up, reading a code from
// the dev inbox. Every code challenge the server acknowledged goes into the journal: check.ts
// insists on exactly one outbox message with its current code.
import { expect, Unexpected } from './driver.mjs';

const CODE = /\b(\d{8})\b/;

/** Codes in the dev inbox for an address, newest first (the outbox holds them from commit on). */
async function codesFor(call, address) {
  const inbox = await call('GET', `/dev/inbox.json?to=${encodeURIComponent(address)}`, { api: false });
  const list = Array.isArray(inbox.body) ? inbox.body : [];
  return list
    .map((m) => CODE.exec(m.bodyText)?.[1])
    .filter(Boolean)
    .slice(0, 3);
}

/** Tries the newest codes in turn: a rival's code to the same address answers invalid_code. */
export async function withCode(call, address, attempt) {
  let last;
  for (const code of await codesFor(call, address)) {
    last = await attempt(code);
    if (!(last.status === 422 && last.body?.code === 'invalid_code')) return last;
  }
  if (!last) throw new Unexpected(`no code in the dev inbox for ${address}`);
  return last;
}

/** Login and step-up for the accounts of a run (they share one password). */
export function sessionSteps(driver, accounts) {
  const { journal } = driver;
  /**
   * A step-up with a code to the primary e-mail (an account without MFA methods steps up with
   * its verified contacts, placeholder id -2): adding an address needs one (decision 0013).
   */
  const stepUp = async (call, account) => {
    let r = await call('GET', '/api/mfa/sudo?mfaId=-2');
    const challenge = expect(r, 200, `step-up of ${account.email}`);
    journal.challenges.push({ payload: challenge.payload, target: account.email });
    r = await withCode(call, account.email, (code) =>
      call('POST', '/api/mfa/sudo', { json: { payload: challenge.payload, code } }),
    );
    expect(r, 200, `step-up code of ${account.email}`);
  };
  /** Once per client: the token is kept for the account's later operations. */
  const logIn = async (call, client, account) => {
    if (client.token) return;
    const r = await call('POST', '/api/token', {
      json: { username: account.email, password: accounts.password },
    });
    client.token = expect(r, 200, `login of ${account.email}`).access_token;
    await stepUp(call, account);
  };
  /** A call that needs a step-up: on 403 sudo_required (the grant ran out), one more and again. */
  const withSudo = async (call, account, send) => {
    const r = await send();
    if (r.status !== 403 || r.body?.code !== 'sudo_required') return r;
    await stepUp(call, account);
    return send();
  };
  return { logIn, withSudo };
}
