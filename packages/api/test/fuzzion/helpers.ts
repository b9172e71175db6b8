import { randomInt } from 'node:crypto';
import { luhnCheckDigit } from '@vestibule/contract/card-number';
import { mfaActivateAnswerSchema } from '@vestibule/contract/schemas/mfa';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database';
import { sealedCardNumber, sealedHolderNrn } from '../../src/security/sealed-identifiers';
import { createMfaAccount, latestCode, loginWithSms, type MfaAccount } from '../mfa/helpers';
import { submitCode, TEST_SECRETS, type TestApp } from '../support/test-app';

/** A valid card number (5065…, Luhn) held by an account. */
export async function giveCard(db: Db, userId: number): Promise<string> {
  const payload = `5065${String(randomInt(0, 1e11)).padStart(11, '0')}`;
  const number = `${payload}${luhnCheckDigit(payload)}`;
  await db
    .insertInto('cards')
    .values({
      edition: 'general',
      ...sealedCardNumber(TEST_SECRETS, number),
      user_id: userId,
      ...sealedHolderNrn(TEST_SECRETS, null),
      status: 'active',
    })
    .execute();
  return number;
}

export interface Duplicate {
  me: MfaAccount;
  other: MfaAccount;
  token: string;
  /** The merge flow: fuzzion_payload. */
  payload: string;
}

/** A signed-in account proves the other account's e-mail with an activation code: the merge offer. */
export async function findDuplicate(
  test: TestApp,
  prepare?: (other: MfaAccount) => Promise<unknown>,
): Promise<Duplicate> {
  const db = test.database.db;
  const me = await createMfaAccount(db);
  const other = await createMfaAccount(db);
  await prepare?.(other);
  const token = await loginWithSms(test, me);
  const started = await test.call({
    method: 'GET',
    url: `/api/mfa/-2/activate?target=${encodeURIComponent(other.email)}`,
    token,
  });
  expect(started.statusCode).toBe(200);
  expect(started.json().fuzzion).toBe(true);
  const code = await latestCode(db, other.email);
  const confirmed = await submitCode(test, '/api/mfa/activate', token, started.json().payload, code);
  expect(confirmed.statusCode).toBe(200);
  const answer = mfaActivateAnswerSchema.parse(confirmed.json());
  if (!answer.fuzzion) throw new Error('expected a merge offer');
  expect(answer).toMatchObject({ method: 'email', target: other.email });
  return { me, other, token, payload: answer.payload };
}

/** POST /api/mfa/fuzzion: a proof code to the method named, from the session given (the duplicate's own by default). */
export function requestProof(
  test: TestApp,
  dup: Duplicate,
  method: { mfaId: number; target?: string },
  token = dup.token,
) {
  return test.call({
    method: 'POST',
    url: '/api/mfa/fuzzion',
    token,
    payload: { payload: dup.payload, ...method },
  });
}

/** A proof code sent to the other account's phone (or e-mail): the code step's payload and the code. */
export async function sendProofCode(test: TestApp, dup: Duplicate, via: 'sms' | 'email' = 'sms') {
  const sent = await requestProof(test, dup, { mfaId: dup.other.methods[via]! });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await latestCode(test.database.db, via === 'sms' ? dup.other.phone : dup.other.email);
  return { payload: sent.json().payload as string, code };
}

/** A proof code to the other account's phone, then POST /api/fuzzion with it. */
export async function proveCode(test: TestApp, dup: Duplicate) {
  const { payload, code } = await sendProofCode(test, dup);
  const checked = await submitCode(test, '/api/fuzzion', dup.token, payload, code);
  expect(checked.statusCode).toBe(200);
  expect(checked.json()).toEqual({ payload: dup.payload, step: 'ownership' });
}

export function answerOwnership(test: TestApp, dup: Duplicate, answer: Record<string, unknown>) {
  return test.call({
    method: 'POST',
    url: '/api/fuzzion/ownership',
    token: dup.token,
    payload: { payload: dup.payload, ...answer },
  });
}

/** The ownership step answered with an employee-area password. */
export function answerPassword(test: TestApp, dup: Duplicate, password: string) {
  return answerOwnership(test, dup, { answer: 'password', platform: 'employee_area', password });
}

/** The code proven and the other account owned by its password: the flow waits for the decision. */
export async function proveOwnership(test: TestApp, dup: Duplicate) {
  await proveCode(test, dup);
  const owned = await answerPassword(test, dup, dup.other.password);
  expect(owned.statusCode, owned.body).toBe(200);
  expect(owned.json()).toEqual({ payload: dup.payload, step: 'decision' });
}

export function post(test: TestApp, dup: Duplicate, action: 'merge' | 'refuse' | 'ignore') {
  return test.call({
    method: 'POST',
    url: `/api/fuzzion/${action}`,
    token: dup.token,
    payload: { payload: dup.payload },
  });
}

/** What a merge may touch of an account, to show that a refused or failed merge changed nothing. */
export async function snapshot(db: Db, userId: number) {
  const [user, emails, phones, methods, sessions, cards] = await Promise.all([
    db
      .selectFrom('users')
      .select(['password_hash', 'locked_at', 'user_id', 'customer_user_id', 'fridom_user_id'])
      .where('id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('user_emails')
      .select(['address', 'is_default'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('user_phones')
      .select(['number', 'is_default'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('mfa_methods')
      .select(['id', 'target', 'is_primary'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db.selectFrom('sessions').select('id').where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('cards').select('number').where('user_id', '=', userId).orderBy('id').execute(),
  ]);
  return { user, emails, phones, methods, sessions, cards };
}
