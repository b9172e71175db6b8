import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createMfaAccount, loginWithSms } from '../mfa/helpers';
import { expectApiError } from '../support/api-error';
import { sharedTestApp, submitCode } from '../support/test-app';
import {
  answerOwnership,
  answerPassword,
  findDuplicate,
  giveCard,
  post,
  proveCode,
  proveOwnership,
  requestProof,
  sendProofCode,
  snapshot,
} from './helpers';

const test = sharedTestApp();

describe('account merge (sad paths)', () => {
  it('a wrong code to the other account answers 422 invalid_code and the flow stays at the code step', async () => {
    const dup = await findDuplicate(test);
    const sent = await sendProofCode(test, dup, 'email');
    const wrong = sent.code === '00000000' ? '11111111' : '00000000';
    const checked = await test.call({
      method: 'POST',
      url: '/api/fuzzion',
      token: dup.token,
      payload: { payload: sent.payload, code: wrong },
    });
    expect(checked.statusCode).toBe(422);
    expect(checked.json().code).toBe('invalid_code');
    expect((await answerOwnership(test, dup, { answer: 'not_me' })).json().code).toBe('fuzzion_failed');
    expect(
      (
        await test.call({
          method: 'POST',
          url: '/api/fuzzion/state',
          payload: { payload: dup.payload },
          token: dup.token,
        })
      ).json().step,
    ).toBe('code');
  });

  it('a wrong password answers 422 with the SPEC text and merging stays refused', async () => {
    const dup = await findDuplicate(test);
    await proveCode(test, dup);
    const wrong = await answerPassword(test, dup, dup.me.password);
    expectApiError(wrong, 422, 'fuzzion_invalid', 'The information you provided is invalid');
    const merge = await post(test, dup, 'merge');
    expectApiError(
      merge,
      409,
      'fuzzion_failed',
      'A technical error occurred during the merging of the accounts.',
    );
    // A client-area password is asked only of an account with a client area.
    const platform = await answerOwnership(test, dup, {
      answer: 'password',
      platform: 'client_area',
      password: dup.other.password,
    });
    expect(platform.json().code).toBe('fuzzion_invalid');
  });

  it('a wrong card (valid number of nobody, or of another account) answers 422 fuzzion_invalid', async () => {
    const dup = await findDuplicate(test);
    const stranger = await createMfaAccount(test.database.db);
    const strangersCard = await giveCard(test.database.db, stranger.id);
    await proveCode(test, dup);
    expect((await answerOwnership(test, dup, { answer: 'card', card: strangersCard })).json().code).toBe(
      'fuzzion_invalid',
    );
    expect((await answerOwnership(test, dup, { answer: 'card', card: '5065000000000000' })).json().code).toBe(
      'fuzzion_invalid',
    );
  });

  it('five wrong proofs end the flow', async () => {
    const dup = await findDuplicate(test);
    await proveCode(test, dup);
    for (let i = 0; i < 5; i++) await answerPassword(test, dup, `nope-${i}`);
    const right = await answerPassword(test, dup, dup.other.password);
    expect(right.json().code).toBe('fuzzion_failed');
  });

  it('the other account changed meanwhile (new password): the merge is refused with fuzzion_failed and nothing moves', async () => {
    const dup = await findDuplicate(test);
    await proveOwnership(test, dup);
    await test.database.db
      .updateTable('users')
      .set({ password_hash: 'changed-elsewhere' })
      .where('id', '=', dup.other.id)
      .execute();
    const before = await snapshot(test.database.db, dup.other.id);
    const merge = await post(test, dup, 'merge');
    expect(merge.statusCode).toBe(409);
    expect(merge.json().code).toBe('fuzzion_failed');
    expect(await snapshot(test.database.db, dup.other.id)).toEqual(before);
    expect((await post(test, dup, 'refuse')).json().code).toBe('fuzzion_failed');
  });

  it('an attacker who knows only the victim e-mail cannot merge nor alter the victim account', async () => {
    const attacker = await createMfaAccount(test.database.db);
    const victim = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, attacker);
    const victimBefore = await snapshot(test.database.db, victim.id);
    // The activation code goes to the victim's address, which the attacker cannot read.
    const started = await test.call({
      method: 'GET',
      url: `/api/mfa/-2/activate?target=${encodeURIComponent(victim.email)}`,
      token,
    });
    expect(started.json().fuzzion).toBe(true);
    for (const code of ['00000000', '12345678']) {
      const guess = await submitCode(test, '/api/mfa/activate', token, started.json().payload, code);
      expect(guess.statusCode).toBe(422);
    }
    // No flow exists: invented or foreign payloads lead nowhere.
    for (const url of ['/api/fuzzion/merge', '/api/fuzzion/refuse', '/api/fuzzion/ignore']) {
      const response = await test.call({ method: 'POST', url, token, payload: { payload: randomUUID() } });
      expect(response.statusCode).toBe(404);
    }
    // Even with a flow found by someone else, another session cannot use it.
    const dup = await findDuplicate(test);
    const foreign = await test.call({
      method: 'POST',
      url: '/api/fuzzion/refuse',
      token,
      payload: { payload: dup.payload },
    });
    expect(foreign.statusCode).toBe(404);
    const send = await requestProof(test, dup, { mfaId: dup.other.methods.sms! }, token);
    expect(send.statusCode).toBe(404);
    expect(await snapshot(test.database.db, victim.id)).toEqual(victimBefore);
  });

  it('controlling the e-mail alone is not enough: the proof code only goes to the other account, and merging needs ownership', async () => {
    const dup = await findDuplicate(test);
    // The code cannot be sent to an address of the caller's choosing.
    const elsewhere = await requestProof(test, dup, { mfaId: -2, target: dup.me.email });
    expect(elsewhere.statusCode).toBe(404);
    const ownMethod = await requestProof(test, dup, { mfaId: dup.me.methods.sms! });
    expect(ownMethod.statusCode).toBe(404);
    // Skipping steps is refused: no ownership before the code, no merge before ownership.
    expect((await answerPassword(test, dup, dup.other.password)).json().code).toBe('fuzzion_failed');
    expect((await post(test, dup, 'merge')).json().code).toBe('fuzzion_failed');
    expect((await post(test, dup, 'refuse')).json().code).toBe('fuzzion_failed');
    await proveCode(test, dup);
    expect((await post(test, dup, 'merge')).json().code).toBe('fuzzion_failed');
    expect((await snapshot(test.database.db, dup.other.id)).user?.locked_at).toBeNull();
  });

  it('a failure in the middle of the merge (a constraint on closing the account) leaves both accounts as they were', async () => {
    const dup = await findDuplicate(test);
    const db = test.database.db;
    await proveOwnership(test, dup);
    const before = [await snapshot(db, dup.me.id), await snapshot(db, dup.other.id)];
    // Contacts, methods and holdings have moved when the account is closed: then it fails.
    const constraint = `fuzzion_test_${dup.other.id}`;
    await sql
      .raw(
        `ALTER TABLE users ADD CONSTRAINT ${constraint} CHECK (id <> ${dup.other.id} OR locked_at IS NULL) NOT VALID`,
      )
      .execute(db);
    try {
      const merge = await post(test, dup, 'merge');
      expect(merge.statusCode).toBe(500);
      expect(merge.json().code).toBe('server_error');
    } finally {
      await sql.raw(`ALTER TABLE users DROP CONSTRAINT ${constraint}`).execute(db);
    }
    expect([await snapshot(db, dup.me.id), await snapshot(db, dup.other.id)]).toEqual(before);
    const audits = await db
      .selectFrom('audit_events')
      .select('id')
      .where('kind', '=', 'fuzzion.merged')
      .where('user_id', 'in', [dup.me.id, dup.other.id])
      .execute();
    expect(audits).toEqual([]);
    // The flow is still at the decision: once the cause is gone the merge completes.
    expect((await post(test, dup, 'merge')).statusCode).toBe(200);
  });
});
