import { describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { sharedTestApp } from '../support/test-app';
import { loginOn, stepUpByEmail } from './helpers';

const test = sharedTestApp();

const change = (token: string, payload: Record<string, unknown>) =>
  test.call({ method: 'POST', url: '/api/user/password', token, payload });

describe('POST /api/user/password: refusals', () => {
  it('without a step-up answers 403 sudo_required and changes nothing', async () => {
    const account = await createAccount(test.database.db);
    const { token } = await loginOn(test, account);
    const response = await change(token, {
      current_password: account.password,
      password: 'Lantern-orbit-meadow-47',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('sudo_required');
    await loginOn(test, account);
  });

  it('a wrong current password answers 422 current_password_invalid on the field and keeps the step-up', async () => {
    const account = await createAccount(test.database.db);
    const { token } = await loginOn(test, account);
    await stepUpByEmail(test, token, account, 1);
    const wrong = await change(token, {
      current_password: 'not-my-password',
      password: 'Lantern-orbit-meadow-47',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'current_password_invalid',
      fields: { current_password: 'invalid' },
    });
    // The single grant was not used up by the refused try.
    const right = await change(token, {
      current_password: account.password,
      password: 'Lantern-orbit-meadow-47',
    });
    expect(right.statusCode).toBe(200);
    // …but it was by the change.
    const again = await change(token, {
      current_password: 'Lantern-orbit-meadow-47',
      password: 'Harbor-violet-canyon-88',
    });
    expect(again.json().code).toBe('sudo_required');
  });

  it('refuses a new password breaking the rules of DESIGN §4, or equal to the current one', async () => {
    const account = await createAccount(test.database.db, { firstname: 'Quentin' });
    const { token } = await loginOn(test, account);
    await stepUpByEmail(test, token, account);
    const cases: [string, string][] = [
      ['short', 'password_too_short'],
      ['password123', 'password_common'],
      ['quentin-is-the-best', 'password_personal'],
      [account.password, 'password_unchanged'],
    ];
    for (const [password, code] of cases) {
      const response = await change(token, { current_password: account.password, password });
      expect(response.statusCode, password).toBe(422);
      expect(response.json().code, password).toBe(code);
    }
  });

  it('throttles wrong current passwords per account (429)', async () => {
    const account = await createAccount(test.database.db);
    const { token } = await loginOn(test, account);
    await stepUpByEmail(test, token, account);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await change(token, { current_password: `wrong-${i}`, password: 'Lantern-orbit-meadow-47' }))
          .statusCode,
      );
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses[5]).toBe(429);
  });

  it('needs a session (401) and a well-formed body (422)', async () => {
    expect((await test.call({ method: 'POST', url: '/api/user/password', payload: {} })).statusCode).toBe(
      401,
    );
    const account = await createAccount(test.database.db);
    const { token } = await loginOn(test, account);
    const response = await change(token, { password: 'Lantern-orbit-meadow-47', extra: true });
    expect(response.statusCode).toBe(422);
  });
});
