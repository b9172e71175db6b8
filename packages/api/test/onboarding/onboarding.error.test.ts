import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp } from '../support/test-app';
import {
  acceptTerms,
  call,
  complete,
  type Extra,
  freshEmail,
  issueCard,
  issueInvitation,
  LU,
  randomActivationCode,
  randomCardNumber,
  randomIp,
  start,
  toPasswordStep,
} from './helpers';

const test = sharedTestApp();
let extra: Extra;
beforeAll(() => {
  extra = { remoteAddress: randomIp() };
});

/** Status, code and English text of an error answer. */
function errorOf(response: { statusCode: number; json(): { code: string; message: string } }) {
  return [response.statusCode, response.json().code, response.json().message];
}

describe('POST /api/onboarding: what is wrong with the code, each with its text', () => {
  it('refuses a card number that fails the Luhn check', async () => {
    const number = randomCardNumber();
    const wrong = number.slice(0, -1) + ((Number(number.slice(-1)) + 1) % 10);
    expect(errorOf(await start(test, 'card', wrong, extra))).toEqual([
      422,
      'invalid_card_number',
      'Your card number is invalid.',
    ]);
  });

  it('refuses a well-formed card number that was never issued, and a blocked card, with the same text', async () => {
    expect(errorOf(await start(test, 'card', randomCardNumber(), extra))[1]).toBe('invalid_card_number');
    const blocked = await issueCard(test.database.db, { status: 'blocked' });
    expect(errorOf(await start(test, 'card', blocked, extra))[1]).toBe('invalid_card_number');
  });

  it('says a card linked to an account is already activated', async () => {
    // The demo employee's card.
    expect(errorOf(await start(test, 'card', '5065 0000 0000 0001', extra))).toEqual([
      409,
      'card_already_activated',
      'This card has already been activated. Please log in to your account.',
    ]);
  });

  it('refuses an invalid activation code (check symbol) and an unknown one', async () => {
    const lu = { ...extra, host: LU, headers: { 'accept-language': 'en' } };
    const code = randomActivationCode();
    const typo = code.slice(0, 3) + (code[3] === 'A' ? 'B' : 'A') + code.slice(4);
    expect(errorOf(await start(test, 'activation_code', typo, lu))).toEqual([
      422,
      'invalid_activation_code',
      'Your activation code is invalid.',
    ]);
    expect(errorOf(await start(test, 'activation_code', code, lu))[1]).toBe('invalid_activation_code');
  });

  it('asks for an activation code, not a card number, in the Luxembourg edition', async () => {
    const number = await issueCard(test.database.db, { edition: 'lu' });
    expect(errorOf(await start(test, 'card', number, { ...extra, host: LU }))[1]).toBe('invalid_card_number');
  });

  it('refuses an invalid invitation code', async () => {
    expect(errorOf(await start(test, 'invitation', 'NOPE', extra))).toEqual([
      422,
      'invalid_invitation_code',
      'Your invitation code is invalid.',
    ]);
    expect(errorOf(await start(test, 'invitation', 'ZZZZZ-ZZZZZ', extra))[1]).toBe('invalid_invitation_code');
  });

  it('refuses an expired invitation', async () => {
    const invitation = await issueInvitation(test.database.db, { expired: true });
    expect(errorOf(await start(test, 'invitation', invitation.code, extra))).toEqual([
      410,
      'invitation_expired',
      'This invitation has expired. Please ask your employer for a new one.',
    ]);
  });

  it('does not call a card whose activation failed "already activated" when it is entered again', async () => {
    const number = await issueCard(test.database.db, { status: 'held' });
    const flow = (await start(test, 'card', number, extra)).json();
    await toPasswordStep(test, flow, extra);
    expect((await complete(test, flow.id, extra)).statusCode).toBe(200);
    expect(
      errorOf(await start(test, 'card', number, { ...extra, headers: { 'accept-language': 'fr' } })),
    ).toEqual([
      409,
      'card_activation_pending',
      "Cette carte est liée à un compte mais n'a pas encore pu être activée. Connectez-vous à votre compte : la carte est activée dès que l'émetteur la libère.",
    ]);
  });

  it('refuses a reused invitation code and a reused activation code', async () => {
    const invitation = await issueInvitation(test.database.db);
    const flow = (await start(test, 'invitation', invitation.code, extra)).json();
    await toPasswordStep(test, flow, extra, { email: invitation.email });
    expect((await complete(test, flow.id, extra)).statusCode).toBe(200);
    expect(errorOf(await start(test, 'invitation', invitation.code, extra))).toEqual([
      409,
      'invitation_used',
      'This invitation has already been used. Please log in to your account.',
    ]);

    const lu = { ...extra, host: LU };
    const code = randomActivationCode();
    await issueCard(test.database.db, { edition: 'lu', activationCode: code });
    const luFlow = (await start(test, 'activation_code', code, lu)).json();
    await toPasswordStep(test, luFlow, lu, {
      phone: `+352621${String((Date.now() + 7) % 1_000_000).padStart(6, '0')}`,
    });
    expect((await complete(test, luFlow.id, lu)).statusCode).toBe(200);
    expect(errorOf(await start(test, 'activation_code', code, lu))[1]).toBe('card_already_activated');
  });

  it('stops guessing: the 31st code from one client in 15 minutes answers 429', async () => {
    const guesser = { remoteAddress: randomIp() };
    for (let i = 0; i < 30; i++)
      expect((await start(test, 'card', randomCardNumber(), guesser)).statusCode).toBe(422);
    const blocked = await start(test, 'card', randomCardNumber(), guesser);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

describe('the server enforces the order of the steps', () => {
  it('refuses the account step before the terms, and the password before the phone', async () => {
    const flow = (await start(test, 'card', await issueCard(test.database.db), extra)).json();
    const early = await call(
      test,
      'POST',
      '/api/onboarding/account',
      { flow: flow.id, firstname: 'A', lastname: 'B', email: freshEmail() },
      extra,
    );
    expect(errorOf(early)).toEqual([409, 'onboarding_step', 'Please complete the previous steps first.']);
    expect(
      (await call(test, 'POST', '/api/onboarding/phone', { flow: flow.id, phone: '0470123456' }, extra))
        .statusCode,
    ).toBe(409);
    expect((await complete(test, flow.id, extra)).json().code).toBe('onboarding_step');
  });

  it('requires the terms and privacy statement in their current versions', async () => {
    const flow = (await start(test, 'card', await issueCard(test.database.db), extra)).json();
    const body = { terms_version: flow.terms.terms_version, privacy_version: flow.terms.privacy_version };
    const refused = await call(
      test,
      'POST',
      '/api/onboarding/terms',
      { flow: flow.id, ...body, accept_terms: true, accept_privacy: false },
      extra,
    );
    expect(errorOf(refused)[1]).toBe('terms_required');
    const old = await call(
      test,
      'POST',
      '/api/onboarding/terms',
      { flow: flow.id, ...body, terms_version: '2020-01-en', accept_terms: true, accept_privacy: true },
      extra,
    );
    expect(errorOf(old)[1]).toBe('terms_outdated');
  });

  it('answers 410 for an expired flow, and no account was made', async () => {
    const db = test.database.db;
    const flow = (await start(test, 'card', await issueCard(db), extra)).json();
    const { email } = await toPasswordStep(test, flow, extra);
    await db
      .updateTable('onboarding_flows')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', flow.id)
      .execute();
    expect(errorOf(await complete(test, flow.id, extra))).toEqual([
      410,
      'onboarding_expired',
      'Your sign-up has expired. Please start again.',
    ]);
    expect(
      await db.selectFrom('user_emails').select('id').where('address', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('duplicates and codes', () => {
  it('says a malformed e-mail or phone is invalid (SPEC §5 onboarding texts)', async () => {
    const flow = (await start(test, 'card', await issueCard(test.database.db), extra)).json();
    await acceptTerms(test, flow, extra);
    const email = await call(
      test,
      'POST',
      '/api/onboarding/account',
      { flow: flow.id, firstname: 'A', lastname: 'B', email: 'not-an-address' },
      extra,
    );
    expect(errorOf(email)).toEqual([422, 'onboarding_invalid_email', 'The email provided is invalid']);
    const fresh = freshEmail();
    await call(
      test,
      'POST',
      '/api/onboarding/account',
      { flow: flow.id, firstname: 'A', lastname: 'B', email: fresh },
      extra,
    );
    const sent = (await call(test, 'POST', '/api/onboarding/email', { flow: flow.id }, extra)).json();
    const { latestCodeTo } = await import('./helpers');
    await call(
      test,
      'POST',
      '/api/onboarding/verify',
      { flow: flow.id, payload: sent.challenge.payload, code: await latestCodeTo(test.database.db, fresh) },
      extra,
    );
    const phone = await call(test, 'POST', '/api/onboarding/phone', { flow: flow.id, phone: '12' }, extra);
    expect(errorOf(phone)).toEqual([422, 'onboarding_invalid_phone', 'The phone number provided is invalid']);
  });

  it('counts wrong codes: five get 422, then the code is dead (410)', async () => {
    const flow = (await start(test, 'card', await issueCard(test.database.db), extra)).json();
    await acceptTerms(test, flow, extra);
    await call(
      test,
      'POST',
      '/api/onboarding/account',
      { flow: flow.id, firstname: 'A', lastname: 'B', email: freshEmail() },
      extra,
    );
    const sent = (await call(test, 'POST', '/api/onboarding/email', { flow: flow.id }, extra)).json();
    const verifyWrongCode = () =>
      call(
        test,
        'POST',
        '/api/onboarding/verify',
        { flow: flow.id, payload: sent.challenge.payload, code: '00000000' },
        extra,
      );
    for (let i = 0; i < 5; i++)
      expect(errorOf(await verifyWrongCode())).toEqual([
        422,
        'invalid_code',
        'Your code is invalid, try again.',
      ]);
    expect((await verifyWrongCode()).statusCode).toBe(410);
    // A resend before the countdown is refused.
    const again = (await call(test, 'POST', '/api/onboarding/email', { flow: flow.id }, extra)).json();
    const early = await call(
      test,
      'POST',
      '/api/onboarding/resend',
      { flow: flow.id, payload: again.challenge.payload },
      extra,
    );
    expect(early.statusCode).toBe(429);
  });

  it('lets one card open one account: a second flow of the same card fails at the end', async () => {
    const db = test.database.db;
    const number = await issueCard(db);
    const first = (await start(test, 'card', number, extra)).json();
    const secondExtra = { ...extra, deviceId: crypto.randomUUID() };
    const second = (await start(test, 'card', number, secondExtra)).json();
    await toPasswordStep(test, first, extra);
    const { email } = await toPasswordStep(test, second, secondExtra);
    expect((await complete(test, first.id, extra)).statusCode).toBe(200);
    expect(errorOf(await complete(test, second.id, secondExtra))[1]).toBe('card_already_activated');
    expect(
      await db.selectFrom('user_emails').select('id').where('address', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses a common password and keeps the flow at the password step', async () => {
    const flow = (await start(test, 'card', await issueCard(test.database.db), extra)).json();
    await toPasswordStep(test, flow, extra);
    expect(errorOf(await complete(test, flow.id, extra, 'password123'))[1]).toBe('password_common');
    expect((await call(test, 'POST', '/api/onboarding/state', { flow: flow.id }, extra)).json().step).toBe(
      'password',
    );
  });
});
