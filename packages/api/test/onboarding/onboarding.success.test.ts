import {
  onboardingCompleteResponseSchema,
  onboardingStateSchema,
} from '@vestibule/contract/schemas/onboarding';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ONBOARDING } from '../../src/flows/onboarding/demo';
import { bodyText } from '../support/outbox';
import { sharedTestApp, TEST_SECRETS } from '../support/test-app';
import {
  acceptTerms,
  call,
  complete,
  type Extra,
  freshEmail,
  issueCard,
  issueInvitation,
  LU,
  PASSWORD,
  randomActivationCode,
  randomIp,
  start,
  toPasswordStep,
} from './helpers';

const test = sharedTestApp();
let extra: Extra;
beforeAll(() => {
  extra = { remoteAddress: randomIp() };
});

describe('onboarding with a card number', () => {
  it('creates the account with verified contacts, consents and an activated card, and logs it in', async () => {
    const db = test.database.db;
    const number = await issueCard(db);
    const started = await start(test, 'card', number.replace(/(\d{4})/g, '$1 ').trim(), extra);
    expect(started.statusCode).toBe(201);
    const state = onboardingStateSchema.parse(started.json());
    expect(state).toMatchObject({
      kind: 'card',
      step: 'terms',
      company: 'Test Company',
      card_last4: number.slice(-4),
      firstname: 'Card',
      lastname: 'Holder',
      outcome: null,
    });
    const { email, phone } = await toPasswordStep(test, state, extra);

    const done = await complete(test, state.id, extra);
    expect(done.statusCode).toBe(200);
    const answer = onboardingCompleteResponseSchema.parse(done.json());
    expect(answer.state).toMatchObject({ step: 'done', outcome: 'card_activated' });
    // Welcome by e-mail only.
    const welcome = await db
      .selectFrom('outbox')
      .select(['recipient', 'channel'])
      .where('purpose', '=', 'signup_completed')
      .where('recipient', 'in', [email, phone])
      .execute();
    expect(welcome).toEqual([{ recipient: email, channel: 'email' }]);

    const me = await test.call({ method: 'GET', url: '/api/user', token: answer.access_token });
    expect(me.statusCode).toBe(200);
    const user = await db
      .selectFrom('users')
      .innerJoin('user_emails', 'user_emails.user_id', 'users.id')
      .select(['users.id', 'users.firstname', 'user_emails.verified_at', 'users.user_id'])
      .where('user_emails.address', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.firstname).toBe('Nora');
    expect(user.verified_at).not.toBeNull();
    expect(user.user_id).toBe(`MM-${user.id}`);
    const phoneRow = await db
      .selectFrom('user_phones')
      .selectAll()
      .where('number', '=', phone)
      .executeTakeFirstOrThrow();
    expect(phoneRow.user_id).toBe(user.id);
    expect(phoneRow.verified_at).not.toBeNull();
    const card = await db
      .selectFrom('cards')
      .selectAll()
      .where('number_index', '=', TEST_SECRETS.blindIndex('pan', number))
      .executeTakeFirstOrThrow();
    expect(card).toMatchObject({ user_id: user.id, status: 'active' });
    const consents = await db
      .selectFrom('user_consents')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(consents.map((row) => [row.kind, row.granted, row.version])).toEqual(
      expect.arrayContaining([
        ['terms', true, state.terms.terms_version],
        ['privacy', true, state.terms.privacy_version],
        ['marketing_email', true, null],
        ['marketing_sms', false, null],
      ]),
    );
    const methods = await db
      .selectFrom('mfa_methods')
      .select('method')
      .where('user_id', '=', user.id)
      .execute();
    expect(methods.map((row) => row.method).sort()).toEqual(['email', 'sms']);
    // The password works for a normal login.
    const login = await test.call({
      method: 'POST',
      url: '/api/token',
      payload: { username: email, password: PASSWORD },
    });
    // …which asks for a code, since the verified e-mail and phone became verification methods.
    expect(login.statusCode).toBe(401);
    expect(login.json().code).toBe('mfa_required');
  });

  it('creates the account when the processor refuses the card (held): outcome card_failed, card linked', async () => {
    const db = test.database.db;
    const number = await issueCard(db, { status: 'held' });
    const state = (await start(test, 'card', number, extra)).json();
    await toPasswordStep(test, state, extra);
    const done = await complete(test, state.id, extra);
    expect(done.statusCode).toBe(200);
    expect(done.json().state.outcome).toBe('card_failed');
    const card = await db
      .selectFrom('cards')
      .selectAll()
      .where('number_index', '=', TEST_SECRETS.blindIndex('pan', number))
      .executeTakeFirstOrThrow();
    expect(card.status).toBe('held');
    const flow = await db
      .selectFrom('onboarding_flows')
      .select('user_id')
      .where('id', '=', state.id)
      .executeTakeFirstOrThrow();
    expect(flow.user_id).not.toBeNull();
    expect(card.user_id).toBe(flow.user_id);
  });

  it('accepts the demo card and shows the demo company', async () => {
    const started = await start(test, 'card', DEMO_ONBOARDING.card, {
      ...extra,
      deviceId: crypto.randomUUID(),
    });
    expect(started.statusCode).toBe(201);
    expect(started.json().company).toBe('Acme Belgium');
  });
});

describe('onboarding with a Luxembourg activation code', () => {
  it('activates the card of the code, on the Luxembourg host, with the Luxembourg terms', async () => {
    const code = randomActivationCode();
    await issueCard(test.database.db, { edition: 'lu', activationCode: code });
    const lu = { ...extra, host: LU };
    const started = await start(
      test,
      'activation_code',
      `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`.toLowerCase(),
      lu,
    );
    expect(started.statusCode).toBe(201);
    expect(started.json().terms.terms_version).toMatch(/-lu-/);
    await toPasswordStep(test, started.json(), lu, {
      phone: `+352621${String(Date.now() % 1_000_000).padStart(6, '0')}`,
    });
    const done = await complete(test, started.json().id, lu);
    expect(done.statusCode).toBe(200);
    expect(done.json().state.outcome).toBe('card_activated');
  });
});

describe('onboarding with an invitation', () => {
  it('proves the invited e-mail with a code like any other, and ends with the code-only outcome', async () => {
    const db = test.database.db;
    const invitation = await issueInvitation(db);
    const mail = await db
      .selectFrom('outbox')
      .select(['body_text', 'body_sealed'])
      .where('recipient', '=', invitation.email)
      .executeTakeFirstOrThrow();
    expect(bodyText(mail)).toContain(`${invitation.code.slice(0, 5)}-${invitation.code.slice(5)}`);
    const started = await start(test, 'invitation', invitation.code, extra);
    expect(started.statusCode).toBe(201);
    const state = started.json();
    expect(state).toMatchObject({
      email: invitation.email,
      invitation_email: invitation.email,
      firstname: 'Invited',
    });
    await toPasswordStep(test, state, extra, { email: invitation.email });
    const done = await complete(test, state.id, extra);
    expect(done.json().state.outcome).toBe('code_only');
    const row = await db
      .selectFrom('invitations')
      .selectAll()
      .where('email', '=', invitation.email)
      .executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
  });

  it('sends a code when the invited person prefers another e-mail', async () => {
    const invitation = await issueInvitation(test.database.db);
    const state = (await start(test, 'invitation', invitation.code, extra)).json();
    await acceptTerms(test, state, extra);
    await call(
      test,
      'POST',
      '/api/onboarding/account',
      { flow: state.id, firstname: 'A', lastname: 'B', email: invitation.email },
      extra,
    );
    const other = freshEmail();
    const sent = await call(test, 'POST', '/api/onboarding/email', { flow: state.id, email: other }, extra);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().challenge).toMatchObject({ channel: 'email', code_length: 8 });
    expect(sent.json().state).toMatchObject({ email: other, email_verified: false });
  });
});

describe('resuming and abandoning', () => {
  it('resumes a flow on the same device and forgets it on "start again"', async () => {
    const number = await issueCard(test.database.db);
    const state = (await start(test, 'card', number, extra)).json();
    await acceptTerms(test, state, extra);
    const resumed = await call(test, 'POST', '/api/onboarding/state', { flow: state.id }, extra);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().step).toBe('create');
    const other = await call(
      test,
      'POST',
      '/api/onboarding/state',
      { flow: state.id },
      { ...extra, deviceId: crypto.randomUUID() },
    );
    expect(other.statusCode).toBe(410);
    expect((await call(test, 'POST', '/api/onboarding/abandon', { flow: state.id }, extra)).statusCode).toBe(
      204,
    );
    expect((await call(test, 'POST', '/api/onboarding/state', { flow: state.id }, extra)).statusCode).toBe(
      410,
    );
    // The card can start a new sign-up.
    expect((await start(test, 'card', number, extra)).statusCode).toBe(201);
  });
});
