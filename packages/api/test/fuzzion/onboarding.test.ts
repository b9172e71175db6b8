import { beforeAll, describe, expect, it } from 'vitest';
import { createMfaAccount } from '../mfa/helpers';
import {
  acceptTerms,
  call,
  complete,
  type Extra,
  freshPhone,
  issueCard,
  latestCodeTo,
  randomIp,
  start,
  toPasswordStep,
} from '../onboarding/helpers';
import { sharedTestApp } from '../support/test-app';
import { answerOwnership, type Duplicate, post, proveCode, proveOwnership, snapshot } from './helpers';

// Detection during onboarding (docs/decisions/0012-fuzzion.md): an e-mail or phone another account
// uses is told only after a code proved it; the new account is created without it and its first
// session gets the merge offer.

const test = sharedTestApp();
let extra: Extra;
beforeAll(() => {
  extra = { remoteAddress: randomIp() };
});

async function newFlow() {
  return (await start(test, 'card', await issueCard(test.database.db), extra)).json();
}

async function emailOwner(address: string) {
  const row = await test.database.db
    .selectFrom('user_emails')
    .select('user_id')
    .where('address', '=', address)
    .executeTakeFirst();
  return row?.user_id;
}

/** A sign-up proving the other account's e-mail, completed: the new session and its merge offer. */
async function signUpWithOthersEmail(): Promise<Duplicate & { phone: string }> {
  const other = await createMfaAccount(test.database.db);
  const flow = await newFlow();
  const { phone } = await toPasswordStep(test, flow, extra, { email: other.email });
  const done = await complete(test, flow.id, extra);
  expect(done.statusCode).toBe(200);
  const answer = done.json();
  expect(answer.state.duplicate).toEqual({ method: 'email', target: other.email });
  expect(answer.fuzzion).toMatchObject({ fuzzion: true, method: 'email', target: other.email });
  const me = await test.database.db
    .selectFrom('user_phones')
    .select('user_id')
    .where('number', '=', phone)
    .executeTakeFirstOrThrow();
  return {
    me: { id: me.user_id } as Duplicate['me'],
    other,
    token: answer.access_token,
    payload: answer.fuzzion.payload,
    phone,
  };
}

describe('onboarding with a contact another account uses', () => {
  it('answers an e-mail or phone of another account like a fresh one until a code proves it', async () => {
    const other = await createMfaAccount(test.database.db);
    const flow = await newFlow();
    await acceptTerms(test, flow, extra);
    const described = await call(
      test,
      'POST',
      '/api/onboarding/account',
      { flow: flow.id, firstname: 'A', lastname: 'B', email: other.email },
      extra,
    );
    expect(described.statusCode).toBe(200);
    expect(described.json().duplicate).toBeNull();
    const sent = await call(test, 'POST', '/api/onboarding/email', { flow: flow.id }, extra);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().state.duplicate).toBeNull();
    expect(sent.json().challenge.channel).toBe('email');
    // The code went to the address, which only its owner reads.
    const verified = await call(
      test,
      'POST',
      '/api/onboarding/verify',
      {
        flow: flow.id,
        payload: sent.json().challenge.payload,
        code: await latestCodeTo(test.database.db, other.email),
      },
      extra,
    );
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      step: 'phone',
      duplicate: { method: 'email', target: other.email },
    });
  });

  it('refuses a second contact of another account once proven, keeps the code, and goes on with a fresh one', async () => {
    const owner = await createMfaAccount(test.database.db);
    const flow = await newFlow();
    await toPasswordStep(test, flow, extra, { email: owner.email });
    // The e-mail (the owner's) is proven; now the phone changes to the owner's too.
    const sent = await call(
      test,
      'POST',
      '/api/onboarding/phone',
      { flow: flow.id, phone: owner.phone },
      extra,
    );
    expect(sent.statusCode).toBe(200);
    const code = await latestCodeTo(test.database.db, owner.phone);
    const refused = await call(
      test,
      'POST',
      '/api/onboarding/verify',
      { flow: flow.id, payload: sent.json().challenge.payload, code },
      extra,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'phone-duplicated',
      message: 'This phone number is already used. Please use another one.',
    });
    // Nothing was recorded: the code is still live and the phone not verified.
    const state = await call(test, 'POST', '/api/onboarding/state', { flow: flow.id }, extra);
    expect(state.json().phone).toBe(owner.phone);
    expect(state.json().phone_verified).toBe(false);
    const fresh = freshPhone();
    const again = await call(test, 'POST', '/api/onboarding/phone', { flow: flow.id, phone: fresh }, extra);
    const ok = await call(
      test,
      'POST',
      '/api/onboarding/verify',
      {
        flow: flow.id,
        payload: again.json().challenge.payload,
        code: await latestCodeTo(test.database.db, fresh),
      },
      extra,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      step: 'password',
      duplicate: { method: 'email', target: owner.email },
    });
  });

  it('creates the account without the contested e-mail and offers the merge to its first session', async () => {
    const dup = await signUpWithOthersEmail();
    // The other account keeps its e-mail until the merge.
    expect(await emailOwner(dup.other.email)).toBe(dup.other.id);
    const methods = await test.database.db
      .selectFrom('mfa_methods')
      .select(['method', 'target', 'is_primary'])
      .where('user_id', '=', dup.me.id)
      .execute();
    expect(methods).toEqual([{ method: 'sms', target: dup.phone, is_primary: true }]);
    const state = await test.call({
      method: 'POST',
      url: '/api/fuzzion/state',
      token: dup.token,
      payload: { payload: dup.payload },
    });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({ step: 'code', method: 'email', target: dup.other.email });
  });

  it('merges: the new account gets the old e-mail and everything else, the old one is closed', async () => {
    const dup = await signUpWithOthersEmail();
    await proveOwnership(test, dup);
    const merged = await post(test, dup, 'merge');
    expect(merged.statusCode).toBe(200);
    expect(merged.json().data.email.map((e: { email: string }) => e.email)).toContain(dup.other.email);
    expect(await emailOwner(dup.other.email)).toBe(dup.me.id);
    const old = await snapshot(test.database.db, dup.other.id);
    expect(old.user?.locked_at).not.toBeNull();
    expect(old.emails).toEqual([]);
    expect(old.phones).toEqual([]);
  });

  it('keeps them separate: the proven e-mail leaves the other account for the new one', async () => {
    const dup = await signUpWithOthersEmail();
    await proveCode(test, dup);
    await answerOwnership(test, dup, { answer: 'not_me' });
    const refused = await post(test, dup, 'refuse');
    expect(refused.statusCode).toBe(200);
    expect(await emailOwner(dup.other.email)).toBe(dup.me.id);
    const other = await snapshot(test.database.db, dup.other.id);
    expect(other.user?.locked_at).toBeNull();
    expect(other.phones.map((p) => p.number)).toEqual([dup.other.phone]);
  });

  it('ignored, the new account logs in with its phone and the other account is untouched', async () => {
    const dup = await signUpWithOthersEmail();
    const before = await snapshot(test.database.db, dup.other.id);
    expect((await post(test, dup, 'ignore')).statusCode).toBe(204);
    expect(await snapshot(test.database.db, dup.other.id)).toEqual(before);
    const login = await test.call({
      method: 'POST',
      url: '/api/token',
      payload: { username: dup.phone, password: 'Blue-harbour-lantern-42' },
    });
    // 401 with an MFA payload: the phone and password are this account's login (SPEC §4 Login).
    expect(login.statusCode).toBe(401);
    expect(login.json()).toMatchObject({ code: 'mfa_required', mfa: { payload: expect.any(String) } });
  });

  it('says nothing of a duplicate once a plain sign-up is done: its contacts are its own', async () => {
    const flow = await newFlow();
    await toPasswordStep(test, flow, extra);
    const done = await complete(test, flow.id, extra);
    expect(done.json()).toMatchObject({ fuzzion: null, state: { step: 'done', duplicate: null } });
  });

  it('offers nothing when the e-mail was freed between its code and the end of the sign-up', async () => {
    const other = await createMfaAccount(test.database.db);
    const flow = await newFlow();
    await toPasswordStep(test, flow, extra, { email: other.email });
    await test.database.db.deleteFrom('mfa_methods').where('target', '=', other.email).execute();
    await test.database.db.deleteFrom('user_emails').where('address', '=', other.email).execute();
    const done = await complete(test, flow.id, extra);
    expect(done.statusCode).toBe(200);
    expect(done.json().fuzzion).toBeNull();
    expect(await emailOwner(other.email)).not.toBe(other.id);
    expect(await emailOwner(other.email)).toEqual(expect.any(Number));
  });
});
