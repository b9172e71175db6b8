import { randomInt } from 'node:crypto';
import type { Response as InjectResponse } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { findDuplicate, post, proveOwnership, snapshot } from '../fuzzion/helpers';
import {
  createMfaAccount,
  loginWithSms,
  passwordStep,
  startChallenge,
  totpCode,
  verifyCode,
} from '../mfa/helpers';
import { sharedTestApp } from '../support/test-app';

/**
 * Races: the same single-use thing spent twice at once, or two changes of one account's MFA methods
 * crossing. On PostgreSQL (the api-postgres project runs this file too) the requests' transactions
 * run on separate pool connections at the same time, which the embedded database, serialising its
 * queries, never does. Each race runs several rounds, and each checks that its requests were in
 * flight together, so a test that only ran them one after the other would fail.
 */

const ROUNDS = 4;

let inFlight = 0;
let mostInFlight = 0;
const test = sharedTestApp(
  { RATE_LIMIT_CODES_PER_ACCOUNT: '1000', RATE_LIMIT_CODE_CHECKS_PER_ACCOUNT: '1000' },
  {
    beforeReady(app) {
      app.addHook('onRequest', async () => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
      });
      app.addHook('onResponse', async () => {
        inFlight -= 1;
      });
    },
  },
);

/** Sends the calls at once; fails unless all of them were being handled at the same moment. */
async function atOnce(calls: (() => Promise<InjectResponse>)[]): Promise<InjectResponse[]> {
  inFlight = 0;
  mostInFlight = 0;
  const answers = await Promise.all(calls.map((call) => call()));
  expect(mostInFlight, 'the requests overlapped').toBe(calls.length);
  for (const answer of answers) expect(answer.statusCode, answer.body.slice(0, 300)).toBeLessThan(500);
  return answers;
}

function succeeded(answers: InjectResponse[]): InjectResponse[] {
  return answers.filter((answer) => answer.statusCode < 300);
}

/** One more method of a kind for an account, straight in the database. */
async function addMethod(db: Db, userId: number, kind: 'sms' | 'email', target: string): Promise<number> {
  const row = await db
    .insertInto('mfa_methods')
    .values({
      user_id: userId,
      method: kind,
      target,
      secret_enc: null,
      last_totp_step: null,
      is_primary: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A phone number no other test uses (the demo and test accounts' numbers are elsewhere). */
function otherPhone(): string {
  return `+32499${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

async function methodsOf(db: Db, userId: number) {
  return db
    .selectFrom('mfa_methods')
    .select(['id', 'method', 'is_primary'])
    .where('user_id', '=', userId)
    .execute();
}

async function sessionsOf(db: Db, userId: number) {
  return db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
}

describe('races on single-use secrets', () => {
  it('a TOTP code and a recovery key redeemed at once on one login open one session and spend the key at most once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const account = await createMfaAccount(test.database.db, ['totp', 'sms', 'email']);
      const mfa = await passwordStep(test, account);
      const totpMfaId = account.methods.totp as number;
      const byCode = await startChallenge(test, { mfaId: totpMfaId, payload: mfa.payload });
      const byKey = await startChallenge(test, {
        mfaId: totpMfaId,
        payload: mfa.payload,
        method: 'totpRecovery',
      });
      expect([byCode.statusCode, byKey.statusCode]).toEqual([200, 200]);
      const code = await totpCode(account.totpSecret);
      const answers = await atOnce([
        () => verifyCode(test, { payload: byCode.json().payload, code }),
        () => verifyCode(test, { payload: byKey.json().payload, code: account.recoveryKeys[0] as string }),
      ]);
      expect(succeeded(answers)).toHaveLength(1);
      expect(await sessionsOf(test.database.db, account.id)).toHaveLength(1);
      const used = await test.database.db
        .selectFrom('totp_recovery_keys')
        .select('id')
        .where('user_id', '=', account.id)
        .where('used_at', 'is not', null)
        .execute();
      expect(used.length).toBe(answers[1]!.statusCode === 200 ? 1 : 0);
    }
  });

  it('one recovery key redeemed at once on two logins opens one session', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const account = await createMfaAccount(test.database.db, ['totp', 'sms', 'email']);
      const starts = [];
      for (const _ of [1, 2]) {
        const mfa = await passwordStep(test, account);
        const started = await startChallenge(test, {
          mfaId: account.methods.totp as number,
          payload: mfa.payload,
          method: 'totpRecovery',
        });
        starts.push(started.json().payload as string);
      }
      const key = account.recoveryKeys[0] as string;
      const answers = await atOnce(starts.map((payload) => () => verifyCode(test, { payload, code: key })));
      expect(succeeded(answers)).toHaveLength(1);
      expect(await sessionsOf(test.database.db, account.id)).toHaveLength(1);
    }
  });

  it('a merge confirmed twice at once merges once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const dup = await findDuplicate(test);
      await proveOwnership(test, dup);
      const answers = await atOnce([() => post(test, dup, 'merge'), () => post(test, dup, 'merge')]);
      expect(succeeded(answers)).toHaveLength(1);
      expect(answers.find((answer) => answer.statusCode >= 400)?.json().code).toBe('fuzzion_failed');
      const me = await snapshot(test.database.db, dup.me.id);
      expect(me.methods.filter((m) => m.is_primary)).toHaveLength(1);
      expect(new Set(me.methods.map((m) => m.target)).size).toBe(me.methods.length);
      const merged = await test.database.db
        .selectFrom('audit_events')
        .select('id')
        .where('kind', '=', 'fuzzion.merged')
        .where('user_id', '=', dup.me.id)
        .execute();
      expect(merged).toHaveLength(1);
    }
  });
});

describe('races on MFA methods', () => {
  it('a primary switched while that method, or the primary, is deleted leaves exactly one primary', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const db = test.database.db;
      const account = await createMfaAccount(db, ['sms', 'email']);
      const sms2 = await addMethod(db, account.id, 'sms', otherPhone());
      const email2 = await addMethod(db, account.id, 'email', `second-${account.email}`);
      const token = await loginWithSms(test, account);
      const switchTo = (id: number) => () =>
        test.call({ method: 'POST', url: `/api/mfa/switch-primary/${id}`, token });
      const remove = (id: number) => () => test.call({ method: 'DELETE', url: `/api/mfa/${id}`, token });
      // The method being made primary is deleted; then the primary is deleted while another is chosen.
      const races = [
        [switchTo(email2), remove(email2)],
        [switchTo(sms2), remove(account.methods.sms as number)],
      ];
      for (const calls of races) {
        const answers = await atOnce(calls);
        for (const answer of answers) expect([204, 404]).toContain(answer.statusCode);
        const methods = await methodsOf(db, account.id);
        expect(
          methods.filter((m) => m.is_primary),
          JSON.stringify(methods),
        ).toHaveLength(1);
      }
    }
  });

  it('parallel deletes keep at least one e-mail and one SMS method', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const db = test.database.db;
      const account = await createMfaAccount(db, ['sms', 'email']);
      const sms2 = await addMethod(db, account.id, 'sms', otherPhone());
      const email2 = await addMethod(db, account.id, 'email', `other-${account.email}`);
      const token = await loginWithSms(test, account);
      const remove = (id: number) => () => test.call({ method: 'DELETE', url: `/api/mfa/${id}`, token });
      const answers = await atOnce([
        remove(account.methods.email as number),
        remove(email2),
        remove(account.methods.sms as number),
        remove(sms2),
      ]);
      expect(succeeded(answers)).toHaveLength(2);
      for (const answer of answers.filter((a) => a.statusCode >= 400))
        expect(answer.json().code).toBe('mfa_minimum');
      const methods = await methodsOf(db, account.id);
      expect(methods.filter((m) => m.method === 'email')).toHaveLength(1);
      expect(methods.filter((m) => m.method === 'sms')).toHaveLength(1);
      expect(methods.filter((m) => m.is_primary)).toHaveLength(1);
    }
  });
});
