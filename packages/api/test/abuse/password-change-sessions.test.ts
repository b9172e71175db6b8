import { describe, expect, it } from 'vitest';
import { forgotPassword, latestCodeTo, resetPassword, verifyResetCode } from '../recovery/helpers';
import { changePassword, loginOn, stepUpByEmail } from '../security/helpers';
import { createAccount } from '../support/accounts';
import { sharedTestApp } from '../support/test-app';
import { tokenWorks } from './helpers';

/**
 * A thief's session outliving a password change (ASVS 7.4.3): changing the password in
 * the Security tab ends the other sessions unless the user unticks "Log out my other devices"
 * (a request without the choice ends them), and a reset ends every session.
 */

const test = sharedTestApp();

let counter = 0;
function newPassword() {
  counter += 1;
  return `Lantern-orbit-meadow-${counter}-${process.pid}`;
}

async function changeWithThiefIn(extra: { end_other_sessions?: boolean } = {}) {
  const account = await createAccount(test.database.db);
  const here = await loginOn(test, account);
  const thief = await loginOn(test, account);
  await stepUpByEmail(test, here.token, account);
  const response = await changePassword(test, here, account, newPassword(), extra);
  expect(response.statusCode, response.body).toBe(200);
  return { here, thief, body: response.json() as { sessions_ended: number } };
}

describe('password change and the other sessions', () => {
  it('a change that says nothing about the other sessions ends them', async () => {
    const { here, thief, body } = await changeWithThiefIn();
    expect(body.sessions_ended).toBe(1);
    expect(await tokenWorks(test, thief.token)).toBe(false);
    expect(await tokenWorks(test, here.token)).toBe(true);
  });

  it('only an explicit "keep them" (the unticked box) keeps them', async () => {
    const { thief, body } = await changeWithThiefIn({ end_other_sessions: false });
    expect(body.sessions_ended).toBe(0);
    expect(await tokenWorks(test, thief.token)).toBe(true);
  });

  it('a password reset ends every session, the resetting device included', async () => {
    const account = await createAccount(test.database.db);
    const sessions = [await loginOn(test, account), await loginOn(test, account)];
    const started = await forgotPassword(test, account.email);
    const code = await latestCodeTo(test.database.db, account.email);
    const verified = await verifyResetCode(test, started.json().payload, code);
    expect(verified.statusCode).toBe(200);
    const reset = await resetPassword(test, verified.json().reset_token, newPassword());
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    for (const session of sessions) expect(await tokenWorks(test, session.token)).toBe(false);
  });
});
