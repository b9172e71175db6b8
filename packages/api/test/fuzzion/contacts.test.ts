import { contactConfirmAnswerSchema } from '@vestibule/contract/schemas/fuzzion';
import { describe, expect, it } from 'vitest';
import { createMfaAccount, latestCode, loginWithSms } from '../mfa/helpers';
import { startContact } from '../profile/helpers';
import { sharedTestApp, submitCode } from '../support/test-app';

const test = sharedTestApp();

describe('merge offer on contact verification', () => {
  it('POST /api/user/phones with the number of another account sends the code there; confirming it answers a merge offer', async () => {
    const db = test.database.db;
    const me = await createMfaAccount(db);
    const other = await createMfaAccount(db);
    const token = await loginWithSms(test, me);
    const started = await startContact(test, token, { phone: other.phone });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ fuzzion: true, target: other.phone });
    const code = await latestCode(db, other.phone);
    const confirmed = await submitCode(test, '/api/user/phones/confirm', token, started.json().payload, code);
    expect(confirmed.statusCode).toBe(200);
    const answer = contactConfirmAnswerSchema.parse(confirmed.json());
    if (!('fuzzion' in answer)) throw new Error('expected a merge offer');
    expect(answer).toMatchObject({ fuzzion: true, method: 'sms', target: other.phone });
    const state = await test.call({
      method: 'POST',
      url: '/api/fuzzion/state',
      payload: { payload: answer.payload },
      token,
    });
    expect(state.json()).toMatchObject({ step: 'code', method: 'sms', target: other.phone });
    // Nothing moved yet: the number is still the other account's only.
    const owner = await db
      .selectFrom('user_phones')
      .select('user_id')
      .where('number', '=', other.phone)
      .execute();
    expect(owner).toEqual([{ user_id: other.id }]);
  });

  it('an address of this account itself still answers 422 "already used"', async () => {
    const me = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, me);
    const again = await startContact(test, token, { email: me.email });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('invalid_email');
  });
});
