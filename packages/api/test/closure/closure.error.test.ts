import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eraseDueAccounts } from '../../src/flows/closure/erase';
import { dropSudo } from '../mfa/helpers';
import { profileSession } from '../profile/helpers';
import { sharedTestApp } from '../support/test-app';
import { cancelClosure, cancelTokenSentTo, endGracePeriod, requestClosure } from './helpers';

/** What a closure refuses, and what a cancel link says when it no longer works. */

const test = sharedTestApp();

describe('POST /api/user/closure, refused', () => {
  it('answers 403 sudo_required without a step-up, and 422 without the confirmation', async () => {
    const { token } = await profileSession(test);
    const unconfirmed = await test.call({ method: 'POST', url: '/api/user/closure', token, payload: {} });
    expect(unconfirmed.statusCode).toBe(422);
    await dropSudo(test.database.db, token);
    const refused = await requestClosure(test, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('sudo_required');
  });

  it('answers 409 closure_merge_in_progress while a merge offer waits, in the request language, and closes once it ended', async () => {
    const { account, token } = await profileSession(test);
    const other = await profileSession(test);
    const session = await test.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', account.id)
      .executeTakeFirstOrThrow();
    const flowId = randomUUID();
    await test.database.db
      .insertInto('fuzzion_flows')
      .values({
        id: flowId,
        edition: 'general',
        user_id: account.id,
        other_user_id: other.account.id,
        session_id: session.id,
        method: 'email',
        target: other.account.email,
        step: 'decision',
        other_fingerprint: 'x',
        expires_at: new Date(Date.now() + 600_000),
      })
      .execute();
    const refused = await test.call({
      method: 'POST',
      url: '/api/user/closure',
      token,
      payload: { confirm: true },
      headers: { 'accept-language': 'fr' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('closure_merge_in_progress');
    expect(refused.json().message).toContain('fusion');
    // The grant was not used up by the refusal, and the account is not closing.
    await test.database.db
      .updateTable('fuzzion_flows')
      .set({ step: 'refused' })
      .where('id', '=', flowId)
      .execute();
    expect((await requestClosure(test, token)).statusCode).toBe(200);
  });
});

describe('POST /api/closure/cancel, refused', () => {
  it('a link used twice says it was used; a link after the grace period says the account is gone', async () => {
    const first = await profileSession(test);
    expect((await requestClosure(test, first.token)).statusCode).toBe(200);
    const link = await cancelTokenSentTo(test, first.account.email);
    expect((await cancelClosure(test, { token: link })).statusCode).toBe(200);
    const twice = await cancelClosure(test, { token: link });
    expect(twice.statusCode).toBe(410);
    expect(twice.json().code).toBe('closure_link_used');

    const second = await profileSession(test);
    expect((await requestClosure(test, second.token)).statusCode).toBe(200);
    const late = await cancelTokenSentTo(test, second.account.email);
    await endGracePeriod(test, second.account.id);
    // Too late even before the job ran: the grace period is what counts.
    const beforeJob = await cancelClosure(test, { token: late });
    expect(beforeJob.statusCode).toBe(410);
    expect(beforeJob.json().code).toBe('closure_link_expired');
    await eraseDueAccounts(test.database.db);
    const afterJob = await cancelClosure(test, { token: late });
    expect(afterJob.json().code).toBe('closure_link_expired');
  });

  it('an unknown token, a forged or expired ticket answer 404 closure_link_invalid; both or neither 422', async () => {
    const unknown = await cancelClosure(test, { token: 'A'.repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('closure_link_invalid');
    const future = Math.floor(Date.now() / 1000) + 600;
    for (const ticket of [`1.${future}.${'0'.repeat(64)}`, '1.1.abc', 'nonsense', `1.${future}`]) {
      const forged = await cancelClosure(test, { ticket });
      expect(forged.statusCode, ticket).toBe(404);
      expect(forged.json().code).toBe('closure_link_invalid');
    }
    expect((await cancelClosure(test, {})).statusCode).toBe(422);
    expect((await cancelClosure(test, { token: 'a', ticket: 'b' })).statusCode).toBe(422);
  });

  it('a second closure while closing is refused (409), and a closing account cannot be closed by a stale session', async () => {
    const { token } = await profileSession(test);
    expect((await requestClosure(test, token)).statusCode).toBe(200);
    // The session ended with the closure.
    expect((await requestClosure(test, token)).statusCode).toBe(401);
  });
});
