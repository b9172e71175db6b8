import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  acceptTerms,
  call,
  complete,
  type Extra,
  freshEmail,
  issueInvitation,
  PASSWORD,
  randomIp,
  start,
  toPasswordStep,
} from '../onboarding/helpers';
import { bodyText } from '../support/outbox';
import { sharedTestApp } from '../support/test-app';
import { tokenWorks } from './helpers';

/**
 * An invitation code proves no mailbox (security review: with the code alone, an attacker opened
 * an account with the invited address as its verified e-mail). The invited address is proved by a
 * code sent to it like any other; when an invitation opens an account on another e-mail, the
 * invited address is told at once, with a "this was not me" link that freezes that account.
 */

const test = sharedTestApp();
let extra: Extra;

/** A device and an address of its own for each test: the per-client budgets stay apart. */
function attacker(): Extra {
  extra = { remoteAddress: randomIp(), deviceId: randomUUID() };
  return extra;
}

/** The newest message of a purpose to an address. */
async function lastMessage(recipient: string, purpose: string) {
  return test.database.db
    .selectFrom('outbox')
    .select(['body_text', 'body_sealed'])
    .where('recipient', '=', recipient)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

describe('invitation claims', () => {
  it('with the code alone, "continue with the current e-mail" sends the invited mailbox a code and goes no further', async () => {
    const who = attacker();
    const invitation = await issueInvitation(test.database.db);
    const state = (await start(test, 'invitation', invitation.code, who)).json();
    await acceptTerms(test, state, who);
    await call(
      test,
      'POST',
      '/api/onboarding/account',
      { flow: state.id, firstname: 'Mallory', lastname: 'M', email: invitation.email },
      who,
    );
    const continued = await call(test, 'POST', '/api/onboarding/email', { flow: state.id }, who);
    expect(continued.statusCode).toBe(200);
    expect(continued.json().challenge).toMatchObject({ channel: 'email', code_length: 8 });
    expect(continued.json().state).toMatchObject({ email_verified: false, step: 'email' });
    expect(await lastMessage(invitation.email, 'contact_verification')).toBeDefined();
    // Without the mailbox's code, the phone, the password and the account stay out of reach.
    const phone = await call(
      test,
      'POST',
      '/api/onboarding/phone',
      { flow: state.id, phone: '+32479000999' },
      who,
    );
    expect(phone.json().code).toBe('onboarding_step');
    const done = await complete(test, state.id, who);
    expect(done.json().code).toBe('onboarding_step');
  });

  it('an invitation that opens an account on another e-mail tells the invited address at once; "not me" freezes it', async () => {
    const who = attacker();
    const invitation = await issueInvitation(test.database.db);
    const state = (await start(test, 'invitation', invitation.code, who)).json();
    const own = freshEmail();
    await toPasswordStep(test, state, who, { email: own });
    const done = await complete(test, state.id, who);
    expect(done.statusCode, done.body).toBe(200);
    const token = done.json().access_token as string;

    const notice = await lastMessage(invitation.email, 'invitation_used');
    expect(notice).toBeDefined();
    const text = bodyText(notice!);
    expect(text).toContain(`${own[0]}***@test.example`);
    const code = /\/invitation\/not-me\?code=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(code).toBeDefined();

    const frozen = await call(
      test,
      'POST',
      '/api/onboarding/not-me',
      { code },
      { remoteAddress: randomIp() },
    );
    expect(frozen.statusCode, frozen.body).toBe(204);
    expect(await tokenWorks(test, token)).toBe(false);
    const login = await test.call({
      method: 'POST',
      url: '/api/token',
      payload: { username: own, password: PASSWORD },
    });
    expect(login.json().code).toBe('account_locked');
    const { user_id } = await test.database.db
      .selectFrom('invitations')
      .select('user_id')
      .where('email', '=', invitation.email)
      .executeTakeFirstOrThrow();
    const audit = await test.database.db
      .selectFrom('audit_events')
      .select('kind')
      .where('user_id', '=', user_id as number)
      .where('kind', '=', 'account.frozen_by_invitee')
      .execute();
    expect(audit).toHaveLength(1);
    // Spent: the link works once.
    const again = await call(test, 'POST', '/api/onboarding/not-me', { code }, { remoteAddress: randomIp() });
    expect(again.json().code).toBe('link_expired');
  });

  it('an unknown "not me" code freezes nothing (410)', async () => {
    const response = await call(
      test,
      'POST',
      '/api/onboarding/not-me',
      { code: 'x'.repeat(43) },
      { remoteAddress: randomIp() },
    );
    expect(response.statusCode).toBe(410);
    expect(response.json().code).toBe('link_expired');
  });

  it('the invitee who proved the invited address gets no "not me" notice', async () => {
    const who = attacker();
    const invitation = await issueInvitation(test.database.db);
    const state = (await start(test, 'invitation', invitation.code, who)).json();
    await toPasswordStep(test, state, who, { email: invitation.email });
    expect((await complete(test, state.id, who)).statusCode).toBe(200);
    expect(await lastMessage(invitation.email, 'invitation_used')).toBeUndefined();
    const { id } = await test.database.db
      .selectFrom('invitations')
      .select('id')
      .where('email', '=', invitation.email)
      .executeTakeFirstOrThrow();
    const codes = await test.database.db
      .selectFrom('invitee_not_me_codes')
      .select('code_hash')
      .where('invitation_id', '=', id)
      .execute();
    expect(codes).toEqual([]);
  });
});
