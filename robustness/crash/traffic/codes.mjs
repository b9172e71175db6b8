// MFA logins and step-up code sends: a new device each time (so MFA is asked), an SMS code to the
// account's phone, checked or (one time in four) abandoned, then now and then a step-up code by
// e-mail. Every code sent is journalled: check.ts wants one outbox message per challenge, even for
// the codes nobody used.

import { ApiClient } from '../../server.mjs';
import { expect } from './driver.mjs';
import { withCode } from './session.mjs';

/** The login operation of the traffic loops: one login per call. */
export function codeTraffic(driver, accounts) {
  const { journal } = driver;
  const free = [...accounts.logins];

  return async function loginOp(opEpoch) {
    const account = free.shift();
    if (!account) return false;
    try {
      const client = new ApiClient(driver.origin); // a new device: MFA is asked every time
      const call = driver.caller(client, opEpoch);
      let r = await call('POST', '/api/token', {
        json: { username: account.email, password: accounts.password },
      });
      const mfa = expect(r, 401, `login of ${account.email}`).mfa;
      r = await call('GET', `/api/mfa/sudo?mfaId=${account.methods.sms}&payload=${mfa.payload}`);
      const challenge = expect(r, 200, 'login code');
      journal.challenges.push({ payload: challenge.payload, target: account.phone });
      if (Math.random() < 0.25) return true; // abandoned: the code was sent all the same
      r = await withCode(call, account.phone, (code) =>
        call('POST', '/api/mfa/sudo', { json: { payload: challenge.payload, code } }),
      );
      client.token = expect(r, 200, 'login code check').access_token;
      journal.logins[account.id] = (journal.logins[account.id] ?? 0) + 1;
      if (Math.random() < 0.5) {
        r = await call('GET', `/api/mfa/sudo?mfaId=${account.methods.email}`);
        journal.challenges.push({ payload: expect(r, 200, 'step-up code').payload, target: account.email });
      }
      return true;
    } finally {
      free.push(account);
    }
  };
}
