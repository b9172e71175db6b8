import { describe, expect, it } from 'vitest';
import { codeBudgetOf } from '../../src/security/challenges/challenge.rate-limits';
import {
  createMfaAccount,
  latestCode,
  loginWithSms,
  passwordStep,
  startChallenge,
  verifyCode,
} from '../mfa/helpers';
import { freshAddresses, startContact } from '../profile/helpers';
import { randomIp } from '../recovery/helpers';
import { sharedTestApp } from '../support/test-app';

/**
 * One budget per purpose (docs/decisions/0035-code-budgets.md): login codes, step-up codes and contact
 * verifications each have their own per-account send budget, and the per-account code-check
 * budget is configurable.
 */

const test = sharedTestApp({ RATE_LIMIT_CODES_PER_ACCOUNT: '3', RATE_LIMIT_CODE_CHECKS_PER_ACCOUNT: '4' });

describe('per-purpose code budgets', () => {
  it('maps every challenge purpose to its budget', () => {
    expect(codeBudgetOf('login_code')).toBe('login');
    expect(codeBudgetOf('sudo')).toBe('step_up');
    expect(codeBudgetOf('contact')).toBe('contact');
    expect(codeBudgetOf('login_change')).toBe('contact');
    expect(codeBudgetOf('activate')).toBe('contact');
    expect(codeBudgetOf('password_reset')).toBe('recovery');
    expect(codeBudgetOf('fuzzion')).toBe('merge');
  });

  it('a user whose login codes are spent can still ask for a step-up code and verify a new address', async () => {
    const account = await createMfaAccount(test.database.db, ['sms', 'email']);
    const remoteAddress = randomIp();
    const token = await loginWithSms(test, account);
    // Two more login codes use up the login budget of 3; the fourth is refused.
    for (let i = 0; i < 2; i++) {
      const mfa = await passwordStep(test, account);
      const started = await startChallenge(test, { mfaId: account.methods.email!, payload: mfa.payload });
      expect(started.statusCode).toBe(200);
    }
    const mfa = await passwordStep(test, account);
    const refused = await startChallenge(test, { mfaId: account.methods.email!, payload: mfa.payload });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_attempts');

    const stepUp = await test.call({
      method: 'GET',
      url: `/api/mfa/sudo?mfaId=${account.methods.email}`,
      token,
      remoteAddress,
    });
    expect(stepUp.statusCode).toBe(200);

    const address = freshAddresses().email;
    const added = await startContact(test, token, { email: address });
    expect(added.statusCode, added.body).toBe(202);
  });

  it('the per-account code-check budget follows RATE_LIMIT_CODE_CHECKS_PER_ACCOUNT', async () => {
    const account = await createMfaAccount(test.database.db, ['sms', 'email']);
    // The MFA login is the first check of the window.
    const token = await loginWithSms(test, account);
    const started = await startChallenge(test, { mfaId: account.methods.email! }, { token });
    expect(started.statusCode).toBe(200);
    const right = await latestCode(test.database.db, account.email);
    const wrong = right.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await verifyCode(test, { payload: started.json().payload, code: wrong }, { token })).statusCode,
      );
    expect(statuses).toEqual([422, 422, 422, 429]);
  });
});
