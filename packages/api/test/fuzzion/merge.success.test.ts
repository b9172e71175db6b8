import { fuzzionResultSchema, fuzzionStateSchema } from '@vestibule/contract/schemas/fuzzion';
import { describe, expect, it } from 'vitest';
import { loginWithSms } from '../mfa/helpers';
import { bodyText } from '../support/outbox';
import { sharedTestApp, TEST_SECRETS } from '../support/test-app';
import {
  answerOwnership,
  findDuplicate,
  giveCard,
  post,
  proveCode,
  proveOwnership,
  snapshot,
} from './helpers';

const test = sharedTestApp();

describe('account merge (happy paths)', () => {
  it('POST /api/mfa/activate with a proven e-mail of another account answers a merge offer; POST /api/fuzzion/state draws it', async () => {
    const dup = await findDuplicate(test);
    // The other account hears of the offer on its addresses.
    for (const address of [dup.other.email, dup.other.phone]) {
      const offered = await test.database.db
        .selectFrom('outbox')
        .select('purpose')
        .where('recipient', '=', address)
        .where('purpose', '=', 'merge_offered')
        .execute();
      expect(offered, address).toHaveLength(1);
    }
    const state = await test.call({
      method: 'POST',
      url: '/api/fuzzion/state',
      payload: { payload: dup.payload },
      token: dup.token,
    });
    expect(state.statusCode).toBe(200);
    const body = fuzzionStateSchema.parse(state.json());
    expect(body).toMatchObject({
      step: 'code',
      method: 'email',
      target: dup.other.email,
      platforms: ['employee_area'],
    });
    // The other account's methods are offered masked: the caller learns no full contact.
    expect(body.methods.map((m) => m.id).sort()).toEqual(
      [dup.other.methods.sms, dup.other.methods.email].sort(),
    );
    expect(body.methods.every((m) => m.target !== dup.other.phone && m.target !== dup.other.email)).toBe(
      true,
    );
  });

  it('merges after a code to the other account and its password: one account, one password, the other closed', async () => {
    const db = test.database.db;
    let card = '';
    const dup = await findDuplicate(test, async (other) => {
      await db
        .updateTable('users')
        .set({ customer_user_id: `C-${other.id}`, fridom_user_id: `F-${other.id}` })
        .where('id', '=', other.id)
        .execute();
      card = await giveCard(db, other.id);
    });
    await loginWithSms(test, dup.other); // a live session of the other account
    await proveCode(test, dup);
    const owned = await answerOwnership(test, dup, {
      answer: 'password',
      platform: 'client_area',
      password: dup.other.password,
    });
    expect(owned.statusCode).toBe(200);
    expect(owned.json()).toEqual({ payload: dup.payload, step: 'decision' });

    const merged = await post(test, dup, 'merge');
    expect(merged.statusCode).toBe(200);
    const result = fuzzionResultSchema.parse(merged.json());
    expect(result.mfa).toBeNull(); // the survivor had methods and this session proved one
    expect(result.data.email.map((e) => e.email)).toEqual([dup.me.email, dup.other.email]);
    expect(result.data.phone.map((p) => p.phone)).toEqual([dup.me.phone, dup.other.phone]);
    expect(result.data.customer_user_id).toBe(`C-${dup.other.id}`);
    expect(result.data.fridom_user_id).toBe(`F-${dup.other.id}`);

    const me = await snapshot(db, dup.me.id);
    expect(me.cards.map((c) => TEST_SECRETS.decrypt(c.number))).toEqual([card]);
    expect(me.methods.map((m) => m.target).sort()).toEqual(
      [dup.me.phone, dup.me.email, dup.other.phone, dup.other.email].sort(),
    );
    expect(me.methods.filter((m) => m.is_primary)).toHaveLength(1);
    const other = await snapshot(db, dup.other.id);
    expect(other.user?.locked_at).not.toBeNull();
    expect(other.user?.password_hash).toBeNull();
    expect(other).toMatchObject({ emails: [], phones: [], methods: [], sessions: [], cards: [] });
    expect(other.user).toMatchObject({ customer_user_id: null, fridom_user_id: null });

    // The current password opens every credential; the other's opens none.
    const withMine = await test.call({
      method: 'POST',
      url: '/api/token',
      payload: { username: dup.other.email, password: dup.me.password },
    });
    expect(withMine.statusCode).toBe(401); // right password, MFA asked
    expect(withMine.json().code).toBe('mfa_required');
    const withTheirs = await test.call({
      method: 'POST',
      url: '/api/token',
      payload: { username: dup.other.phone, password: dup.other.password },
    });
    expect(withTheirs.statusCode).toBe(400);

    const audits = await db
      .selectFrom('audit_events')
      .select(['user_id', 'kind'])
      .where('kind', '=', 'fuzzion.merged')
      .where('user_id', 'in', [dup.me.id, dup.other.id])
      .execute();
    expect(audits.map((a) => a.user_id).sort()).toEqual([dup.me.id, dup.other.id].sort());
    const messages = await db
      .selectFrom('outbox')
      .select(['recipient', 'body_text', 'body_sealed'])
      .where('recipient', 'in', [dup.me.email, dup.me.phone, dup.other.email, dup.other.phone])
      .execute();
    const notices = messages.filter((message) => bodyText(message).includes('merged'));
    expect(new Set(notices.map((n) => n.recipient))).toEqual(
      new Set([dup.me.email, dup.me.phone, dup.other.email, dup.other.phone]),
    );

    // The flow is finished: a second merge is refused.
    expect((await post(test, dup, 'merge')).json().code).toBe('fuzzion_failed');
  });

  it('merges with the card number of the other account', async () => {
    const dup = await findDuplicate(test);
    const card = await giveCard(test.database.db, dup.other.id);
    await proveCode(test, dup);
    const owned = await answerOwnership(test, dup, {
      answer: 'card',
      card: card.replace(/(\d{4})/g, '$1 ').trim(),
    });
    expect(owned.json().step).toBe('decision');
    expect((await post(test, dup, 'merge')).statusCode).toBe(200);
  });

  it('answers the MFA list when the surviving account had no method before the merge', async () => {
    const dup = await findDuplicate(test);
    await proveOwnership(test, dup);
    await test.database.db.deleteFrom('mfa_methods').where('user_id', '=', dup.me.id).execute();
    const merged = await post(test, dup, 'merge');
    const result = fuzzionResultSchema.parse(merged.json());
    expect(result.mfa?.map((m) => m.id).sort()).toEqual(
      [dup.other.methods.sms, dup.other.methods.email].sort(),
    );
    expect(result.mfa?.filter((m) => m.primary)).toHaveLength(1);
  });

  it('refuses: "not me" after the code removes the similar username from the other account only', async () => {
    const dup = await findDuplicate(test);
    const db = test.database.db;
    await proveCode(test, dup);
    const notMe = await answerOwnership(test, dup, { answer: 'not_me' });
    expect(notMe.json()).toEqual({ payload: dup.payload, step: 'reject' });
    const refused = await post(test, dup, 'refuse');
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data.email.map((e: { email: string }) => e.email)).toEqual([
      dup.me.email,
      dup.other.email,
    ]);
    const other = await snapshot(db, dup.other.id);
    expect(other.user?.locked_at).toBeNull();
    expect(other.emails).toEqual([]);
    expect(other.phones).toEqual([{ number: dup.other.phone, is_default: true }]);
    expect(other.methods.map((m) => m.target)).toEqual([dup.other.phone]);
    expect(other.methods[0]?.is_primary).toBe(true);
    const audits = await db
      .selectFrom('audit_events')
      .select('user_id')
      .where('kind', '=', 'fuzzion.refused')
      .where('user_id', 'in', [dup.me.id, dup.other.id])
      .execute();
    expect(audits).toHaveLength(2);
    // The other account still logs in with its phone and password.
    const login = await test.call({
      method: 'POST',
      url: '/api/token',
      payload: { username: dup.other.phone, password: dup.other.password },
    });
    expect(login.json().code).toBe('mfa_required');
  });

  it('ignores for now: 204, the flow closes and neither account changes', async () => {
    const dup = await findDuplicate(test);
    const before = [
      await snapshot(test.database.db, dup.me.id),
      await snapshot(test.database.db, dup.other.id),
    ];
    const ignored = await post(test, dup, 'ignore');
    expect(ignored.statusCode).toBe(204);
    expect([
      await snapshot(test.database.db, dup.me.id),
      await snapshot(test.database.db, dup.other.id),
    ]).toEqual(before);
    const state = await test.call({
      method: 'POST',
      url: '/api/fuzzion/state',
      payload: { payload: dup.payload },
      token: dup.token,
    });
    expect(state.json().code).toBe('fuzzion_failed');
  });
});
