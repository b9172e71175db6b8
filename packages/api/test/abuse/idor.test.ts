import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/security/session.queries';
import { findDuplicate, sendProofCode } from '../fuzzion/helpers';
import {
  createMfaAccount,
  latestCode,
  loginWithSms,
  type MfaAccount,
  passwordStep,
  startChallenge,
} from '../mfa/helpers';
import { registerClient } from '../oauth/helpers';
import { acceptTerms, issueCard, start as startOnboarding } from '../onboarding/helpers';
import { GENERAL_ORIGIN, ceremony as passkeyCeremony, registerPasskey } from '../passkeys/helpers';
import { SoftwareAuthenticator } from '../passkeys/software-authenticator';
import { freshAddresses } from '../profile/helpers';
import { forgotPassword, verifyResetCode } from '../recovery/helpers';
import { sharedTestApp } from '../support/test-app';
import { pathParams, ROUTES, schemaKeys } from './helpers';

/**
 * IDOR: every reference to an object a user owns — a path parameter, or an id, payload,
 * flow or uid in a body or query — used by another account (another session, another device)
 * answers a refusal and changes nothing of the owner's. The route list comes from API_ROUTES: a new
 * route with an id parameter or an id-like field fails the coverage test until it has a case here.
 */

const test = sharedTestApp({
  RATE_LIMIT_CODES_PER_ACCOUNT: '1000',
  RATE_LIMIT_SMS_PER_NUMBER: '1000',
});

/** Body and query fields that may name an object of someone. */
const ID_FIELD = /^(id|uid|payload|flow|reset_token|up_to)$|(_id|Id)$/;

/** Id-like fields that name nothing a user owns, and why. */
const NOT_AN_OBJECT_REFERENCE: Record<string, string> = {
  'POST /api/token client_id':
    'the public client_id of the login target (platform wording, forced-MFA rule), not an owned object',
  'GET /api/partner client_id': 'public data of a registered partner application (name, homepage)',
  'GET /api/authorize client_id':
    'only compared with the interaction (authorization_expired otherwise); the uid case covers it',
};

interface World {
  victim: MfaAccount;
  victimToken: string;
  addresses: string[];
  emailId: number;
  phoneId: number;
  otherSessionId: number;
  trustedDeviceId: number;
  clientId: string;
  eventId: number;
  sudoPayload: string;
  sudoCode: string;
  activationPayload: string;
  emailConfirmPayload: string;
  phoneConfirmPayload: string;
  loginChangePayload: string;
  loginFlowPayload: string;
  loginCodePayload: string;
  recoveryPayload: string;
  recoveryCode: string;
  resetToken: string;
  onboardingFlow: string;
  onboardingPayload: string;
  interactionUid: string;
  /** The victim's account merge offer (they are the signed-in account of it). */
  merge: { userId: number; otherId: number; payload: string; codePayload: string };
  attacker: MfaAccount;
  attackerToken: string;
  /** The attacker's own merge offer, to point at the victim's methods. */
  attackerMerge: { token: string; payload: string };
  /** The victim's passkey and its ceremonies under way (registration, sign-in, step-up). */
  passkey: {
    id: number;
    register: string;
    login: string;
    sudo: string;
    authenticator: SoftwareAuthenticator;
  };
}

let world: World;

beforeAll(async () => {
  const db = test.database.db;
  const victim = await createMfaAccount(db, ['sms', 'email', 'totp']);
  const victimDevice = randomUUID();
  const victimToken = await loginWithSms(test, victim, victimDevice);
  const own = { token: victimToken, deviceId: victimDevice };
  const addresses = [victim.email, victim.phone];
  const fresh = () => {
    const pair = freshAddresses();
    addresses.push(pair.email, pair.phone);
    return pair;
  };

  // Contacts not yet verified: the /:id routes of e-mails and phones.
  const extra = fresh();
  const emailId = (
    await db
      .insertInto('user_emails')
      .values({ user_id: victim.id, edition: 'general', address: extra.email, is_default: false })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const phoneId = (
    await db
      .insertInto('user_phones')
      .values({ user_id: victim.id, edition: 'general', number: extra.phone, is_default: false })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const otherSessionId = (
    await createSession(db, {
      userId: victim.id,
      deviceId: randomUUID(),
      userAgent: 'tablet',
      ip: '10.0.0.9',
    })
  ).id;
  const trustedDeviceId = (
    await db
      .insertInto('trusted_devices')
      .values({
        user_id: victim.id,
        device_id: randomUUID(),
        user_agent: 'laptop',
        ip: '10.0.0.8',
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const { clientId } = await registerClient(db);
  await db
    .insertInto('oauth_payloads')
    .values({
      model: 'Grant',
      id: randomUUID(),
      payload: JSON.stringify({
        accountId: String(victim.id),
        clientId,
        openid: { scope: 'openid profile' },
      }),
      account_id: String(victim.id),
      client_id: clientId,
      expires_at: null,
    })
    .execute();
  const eventId = (
    await db
      .selectFrom('audit_events')
      .select('id')
      .where('user_id', '=', victim.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).id;

  // Challenges of the victim's session: step-up, activation, contacts, login change.
  const sudo = await startChallenge(test, { mfaId: victim.methods.email! }, own);
  expect(sudo.statusCode, sudo.body).toBe(200);
  const sudoCode = await latestCode(db, victim.email);
  /** A request of the victim's session that starts a challenge; answers its body. */
  const started = async (method: 'GET' | 'POST', url: string, status: number, payload?: object) => {
    const response = await test.call({ method, url, ...(payload ? { payload } : {}), ...own });
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };
  const activation = await started(
    'GET',
    `/api/mfa/-1/activate?target=${encodeURIComponent(fresh().phone)}`,
    200,
  );
  const emailAdd = await started('POST', '/api/user/emails', 202, { email: fresh().email });
  const phoneAdd = await started('POST', '/api/user/phones', 202, { phone: fresh().phone });
  const loginChange = await started('POST', '/api/user/login', 202, { login: fresh().email });

  // A login in progress on another device of the victim, with its SMS challenge.
  const loginDevice = randomUUID();
  const flow = await passwordStep(test, victim, loginDevice);
  const loginCode = await startChallenge(
    test,
    { mfaId: victim.methods.sms!, payload: flow.payload },
    { deviceId: loginDevice },
  );
  expect(loginCode.statusCode, loginCode.body).toBe(200);

  // Forgot password on the victim's phone: one request pending, one traded for a reset token.
  const recoveryDevice = { deviceId: randomUUID() };
  const pending = await forgotPassword(test, victim.email, recoveryDevice);
  expect(pending.statusCode, pending.body).toBe(200);
  const recoveryCode = await latestCode(db, victim.email);
  const traded = await forgotPassword(test, victim.email, recoveryDevice);
  const tradedCode = await latestCode(db, victim.email);
  const verified = await verifyResetCode(test, traded.json().payload, tradedCode, recoveryDevice);
  expect(verified.statusCode, verified.body).toBe(200);

  // A sign-up in progress on someone's device, with its e-mail code.
  const signUp = { deviceId: randomUUID(), remoteAddress: '10.7.7.7' };
  const onboarding = (await startOnboarding(test, 'card', await issueCard(db), signUp)).json();
  expect((await acceptTerms(test, onboarding, signUp)).statusCode).toBe(200);
  const signUpEmail = fresh().email;
  const account = await test.call({
    method: 'POST',
    url: '/api/onboarding/account',
    payload: { flow: onboarding.id, firstname: 'Sam', lastname: 'Signup', email: signUpEmail },
    ...signUp,
  });
  expect(account.statusCode, account.body).toBe(200);
  const sent = await test.call({
    method: 'POST',
    url: '/api/onboarding/email',
    payload: { flow: onboarding.id },
    ...signUp,
  });
  expect(sent.statusCode, sent.body).toBe(200);

  // An OAuth interaction started in the victim's browser.
  const authorization = await test.call({
    method: 'GET',
    url: `/oauth/auth?${new URLSearchParams({
      client_id: clientId,
      redirect_uri: `https://${clientId}.example/callback`,
      response_type: 'code',
      scope: 'openid profile',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    })}`,
    deviceId: null,
  });
  expect(authorization.statusCode).toBe(303);
  const interactionUid = new URL(
    authorization.headers.location as string,
    'http://localhost:3000',
  ).searchParams.get('uid')!;

  // The victim's own merge offer, with a proof code on its way to the other account.
  const dup = await findDuplicate(test);
  const proof = await sendProofCode(test, dup);

  // The victim's passkey, and one ceremony of each kind started by the victim.
  const authenticator = new SoftwareAuthenticator();
  const victimPasskey = await registerPasskey(test, victimToken, authenticator);
  const passkeyRegister = await passkeyCeremony(test, '/api/passkeys/registration/options', {}, own);
  const passkeyLogin = await passkeyCeremony(test, '/api/passkeys/login/options', {}, own);
  const passkeySudo = await passkeyCeremony(test, '/api/passkeys/sudo/options', {}, own);

  const attacker = await createMfaAccount(db, ['sms', 'email']);
  const attackerToken = await loginWithSms(test, attacker);
  const attackerDup = await findDuplicate(test);

  world = {
    victim,
    victimToken,
    addresses,
    emailId,
    phoneId,
    otherSessionId,
    trustedDeviceId,
    clientId,
    eventId,
    sudoPayload: sudo.json().payload,
    sudoCode,
    activationPayload: activation.payload,
    emailConfirmPayload: emailAdd.payload,
    phoneConfirmPayload: phoneAdd.payload,
    loginChangePayload: loginChange.payload,
    loginFlowPayload: flow.payload,
    loginCodePayload: loginCode.json().payload,
    recoveryPayload: pending.json().payload,
    recoveryCode,
    resetToken: verified.json().reset_token,
    onboardingFlow: onboarding.id,
    onboardingPayload: sent.json().challenge.payload,
    interactionUid,
    merge: {
      userId: dup.me.id,
      otherId: dup.other.id,
      payload: dup.payload,
      codePayload: proof.payload,
    },
    attacker,
    attackerToken,
    attackerMerge: { token: attackerDup.token, payload: attackerDup.payload },
    passkey: {
      id: victimPasskey.id,
      register: passkeyRegister.payload,
      login: passkeyLogin.payload,
      sudo: passkeySudo.payload,
      authenticator,
    },
  };
});

/** Everything of the victims an attack could change. */
async function snapshot() {
  const db = test.database.db;
  const users = [world.victim.id, world.merge.userId, world.merge.otherId];
  const challengeIds = [world.onboardingPayload];
  const [
    userRows,
    emails,
    phones,
    methods,
    sessions,
    devices,
    grants,
    challenges,
    keys,
    outbox,
    merges,
    signUp,
    reads,
    passkeys,
  ] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'password_hash', 'password_status', 'locked_at', 'iban', 'firstname', 'language'])
      .where('id', 'in', users)
      .orderBy('id')
      .execute(),
    db.selectFrom('user_emails').selectAll().where('user_id', 'in', users).orderBy('id').execute(),
    db.selectFrom('user_phones').selectAll().where('user_id', 'in', users).orderBy('id').execute(),
    db
      .selectFrom('mfa_methods')
      .select(['id', 'method', 'target', 'is_primary', 'last_totp_step'])
      .where('user_id', 'in', users)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('sessions')
      .select(['id', 'sudo_until', 'sudo_single'])
      .where('user_id', 'in', users)
      .orderBy('id')
      .execute(),
    db.selectFrom('trusted_devices').select('id').where('user_id', 'in', users).orderBy('id').execute(),
    db
      .selectFrom('oauth_payloads')
      .select(['id', 'client_id'])
      .where('model', '=', 'Grant')
      .where('account_id', 'in', users.map(String))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('code_challenges')
      .select(['id', 'attempts', 'consumed_at', 'code_hash', 'last_sent_at'])
      .where((eb) => eb.or([eb('user_id', 'in', users), eb('id', 'in', challengeIds)]))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('totp_recovery_keys')
      .select(['id', 'used_at'])
      .where('user_id', 'in', users)
      .orderBy('id')
      .execute(),
    db.selectFrom('outbox').select('id').where('recipient', 'in', world.addresses).execute(),
    db
      .selectFrom('fuzzion_flows')
      .select(['id', 'step', 'failures'])
      .where('user_id', 'in', users)
      .orderBy('id')
      .execute(),
    db.selectFrom('onboarding_flows').selectAll().where('id', '=', world.onboardingFlow).execute(),
    db.selectFrom('security_notification_reads').selectAll().where('user_id', 'in', users).execute(),
    db
      .selectFrom('passkeys')
      .select(['id', 'name', 'sign_count', 'last_used_at'])
      .where('user_id', 'in', users)
      .orderBy('id')
      .execute(),
  ]);
  return {
    userRows,
    emails,
    phones,
    methods,
    sessions,
    devices,
    grants,
    challenges,
    keys,
    outbox: outbox.length,
    merges,
    signUp,
    reads,
    passkeys,
  };
}

interface Attack {
  /** The request of the attacker, with their own session and device unless `anonymous`. */
  request: () => InjectOptions & { token?: string; deviceId?: string | null };
  status: number;
  code?: string;
}

/** The answers an attack may get: the object is not found, or its challenge or flow is gone. */
const NOT_FOUND = { status: 404, code: 'not_found' };
const CHALLENGE_EXPIRED = { status: 410, code: 'challenge_expired' };
type Refusal = { status: number; code?: string };
type Caller = { token?: string; deviceId?: string | null };

/** The attacker's own session (with a fresh step-up from its MFA login). */
const attacker = (): Caller => ({ token: world.attackerToken });
/** No session, from a device the owner never used. */
const otherDevice = (): Caller => ({ deviceId: randomUUID() });

/** One row of the table: who sends what, and the refusal expected. */
function attack(
  refusal: Refusal,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: () => string,
  payload?: () => Record<string, unknown>,
  caller: () => Caller = attacker,
): Attack {
  return {
    ...refusal,
    request: () => ({ method, url: url(), ...(payload ? { payload: payload() } : {}), ...caller() }),
  };
}

/** Path parameters: the victim's object in the attacker's session. */
const PATH_CASES: Record<string, Attack> = {
  'GET /api/mfa/:id/activate': attack(
    NOT_FOUND,
    'GET',
    () =>
      `/api/mfa/${world.victim.methods.sms}/activate?edit=1&target=${encodeURIComponent(freshAddresses().phone)}`,
  ),
  'POST /api/mfa/switch-primary/:id': attack(
    NOT_FOUND,
    'POST',
    () => `/api/mfa/switch-primary/${world.victim.methods.email}`,
  ),
  'DELETE /api/mfa/:id': attack(NOT_FOUND, 'DELETE', () => `/api/mfa/${world.victim.methods.totp}`),
  'DELETE /api/mfa/trusted-devices/:id': attack(
    NOT_FOUND,
    'DELETE',
    () => `/api/mfa/trusted-devices/${world.trustedDeviceId}`,
  ),
  'DELETE /api/token/:client_id': attack(NOT_FOUND, 'DELETE', () => `/api/token/${world.clientId}`),
  'DELETE /api/sessions/:id': attack(NOT_FOUND, 'DELETE', () => `/api/sessions/${world.otherSessionId}`),
  'GET /api/fuzzion/:payload': attack(NOT_FOUND, 'GET', () => `/api/fuzzion/${world.merge.payload}`),
  'PATCH /api/passkeys/:id': {
    request: () => ({
      method: 'PATCH',
      url: `/api/passkeys/${world.passkey.id}`,
      payload: { name: 'Mine now' },
      ...attacker(),
    }),
    status: 404,
    code: 'not_found',
  },
  'DELETE /api/passkeys/:id': {
    request: () => ({ method: 'DELETE', url: `/api/passkeys/${world.passkey.id}`, ...attacker() }),
    status: 404,
    code: 'not_found',
  },
};
for (const kind of ['emails', 'phones'] as const) {
  const url =
    (suffix = '') =>
    () =>
      `/api/user/${kind}/${kind === 'emails' ? world.emailId : world.phoneId}${suffix}`;
  const body = () =>
    kind === 'emails' ? { email: freshAddresses().email } : { phone: freshAddresses().phone };
  PATH_CASES[`POST /api/user/${kind}/:id/verify`] = attack(NOT_FOUND, 'POST', url('/verify'));
  PATH_CASES[`PUT /api/user/${kind}/:id`] = attack(NOT_FOUND, 'PUT', url(), body);
  PATH_CASES[`DELETE /api/user/${kind}/:id`] = attack(NOT_FOUND, 'DELETE', url());
  PATH_CASES[`POST /api/user/${kind}/:id/primary`] = attack(NOT_FOUND, 'POST', url('/primary'));
}

/** A well-formed assertion of the victim's passkey for a made-up challenge (refused before use). */
const assertion = () =>
  world.passkey.authenticator.get({ challenge: 'AAAA', rpId: 'localhost' }, GENERAL_ORIGIN);

/** Ids in bodies and queries: `METHOD /api/path field`. */
const FIELD_CASES: Record<string, Attack> = {
  'POST /api/passkeys/registration payload': {
    // The victim's registration ceremony answered in the attacker's session.
    request: () => ({
      method: 'POST',
      url: '/api/passkeys/registration',
      payload: {
        payload: world.passkey.register,
        name: 'Attacker key',
        credential: new SoftwareAuthenticator().create(
          { challenge: 'AAAA', rp: { id: 'localhost' }, user: { id: 'AAAA' } },
          GENERAL_ORIGIN,
        ),
      },
      ...attacker(),
    }),
    status: 410,
    code: 'challenge_expired',
  },
  'POST /api/passkeys/login payload': {
    // The victim's sign-in ceremony answered from the attacker's device.
    request: () => ({
      method: 'POST',
      url: '/api/passkeys/login',
      payload: { payload: world.passkey.login, credential: assertion() },
    }),
    status: 410,
    code: 'challenge_expired',
  },
  'POST /api/passkeys/login/options payload': {
    // The victim's password login (another device) finished with the attacker's passkey.
    request: () => ({
      method: 'POST',
      url: '/api/passkeys/login/options',
      payload: { payload: world.loginFlowPayload },
    }),
    status: 410,
    code: 'challenge_expired',
  },
  'POST /api/passkeys/sudo payload': {
    request: () => ({
      method: 'POST',
      url: '/api/passkeys/sudo',
      payload: { payload: world.passkey.sudo, credential: assertion() },
      ...attacker(),
    }),
    status: 410,
    code: 'challenge_expired',
  },
  'DELETE /api/mfa/:id target': attack(
    NOT_FOUND,
    'DELETE',
    () => '/api/mfa/-2',
    () => ({
      target: world.victim.email,
    }),
  ),
  // A step-up of the attacker's session with the victim's method: no code to the victim.
  'GET /api/mfa/sudo mfaId': attack(
    NOT_FOUND,
    'GET',
    () => `/api/mfa/sudo?mfaId=${world.victim.methods.email}`,
  ),
  // The victim's login flow from the attacker's device: no code sent, no challenge.
  'GET /api/mfa/sudo payload': attack(
    CHALLENGE_EXPIRED,
    'GET',
    () => `/api/mfa/sudo?mfaId=${world.victim.methods.email}&payload=${world.loginFlowPayload}`,
    undefined,
    otherDevice,
  ),
  'POST /api/mfa/resend payload': attack(
    CHALLENGE_EXPIRED,
    'POST',
    () => '/api/mfa/resend',
    () => ({
      payload: world.sudoPayload,
    }),
  ),
  // The victim's step-up challenge with its right code, from the attacker's session.
  'POST /api/mfa/sudo payload': attack(
    CHALLENGE_EXPIRED,
    'POST',
    () => '/api/mfa/sudo',
    () => ({
      payload: world.sudoPayload,
      code: world.sudoCode,
    }),
  ),
  'POST /api/fuzzion/state payload': attack(
    NOT_FOUND,
    'POST',
    () => '/api/fuzzion/state',
    () => ({
      payload: world.merge.payload,
    }),
  ),
  'POST /api/mfa/fuzzion payload': attack(
    NOT_FOUND,
    'POST',
    () => '/api/mfa/fuzzion',
    () => ({
      payload: world.merge.payload,
      mfaId: -1,
    }),
  ),
  // The attacker's own merge offer pointed at a method of an unrelated account: no code sent.
  'POST /api/mfa/fuzzion mfaId': attack(
    NOT_FOUND,
    'POST',
    () => '/api/mfa/fuzzion',
    () => ({ payload: world.attackerMerge.payload, mfaId: world.victim.methods.sms }),
    () => ({ token: world.attackerMerge.token }),
  ),
  'POST /api/user/forgot-password/resend payload': attack(
    CHALLENGE_EXPIRED,
    'POST',
    () => '/api/user/forgot-password/resend',
    () => ({ payload: world.recoveryPayload, technology: 'EMAIL' }),
    otherDevice,
  ),
  // The right code, from another device: no reset token.
  'POST /api/user/forgot-password/verify payload': attack(
    CHALLENGE_EXPIRED,
    'POST',
    () => '/api/user/forgot-password/verify',
    () => ({ payload: world.recoveryPayload, code: world.recoveryCode }),
    otherDevice,
  ),
  'POST /api/user/reset-password reset_token': attack(
    { status: 410, code: 'reset_expired' },
    'POST',
    () => '/api/user/reset-password',
    () => ({ reset_token: world.resetToken, password: 'Quiet-harbour-lantern-77' }),
    otherDevice,
  ),
  'GET /api/authorize uid': attack(
    { status: 410, code: 'authorization_expired' },
    'GET',
    () => `/api/authorize?uid=${world.interactionUid}`,
  ),
  'POST /api/authorize uid': attack(
    { status: 410, code: 'authorization_expired' },
    'POST',
    () => '/api/authorize',
    () => ({ uid: world.interactionUid, decision: 'accept' }),
  ),
  'POST /api/security/not-me event_id': attack(
    NOT_FOUND,
    'POST',
    () => '/api/security/not-me',
    () => ({
      event_id: world.eventId,
    }),
  ),
  // A position in the attacker's own list: it can only move the attacker's read marker.
  'POST /api/notifications/read up_to': attack(
    { status: 204 },
    'POST',
    () => '/api/notifications/read',
    () => ({
      up_to: world.eventId,
    }),
  ),
};
// A code challenge of the victim's session, answered from the attacker's with a guessed code.
for (const [path, payload] of [
  ['/api/user/emails/confirm', () => world.emailConfirmPayload],
  ['/api/user/phones/confirm', () => world.phoneConfirmPayload],
  ['/api/user/login/confirm', () => world.loginChangePayload],
  ['/api/mfa/activate', () => world.activationPayload],
  ['/api/fuzzion', () => world.merge.codePayload],
] as const) {
  FIELD_CASES[`POST ${path} payload`] = attack(
    CHALLENGE_EXPIRED,
    'POST',
    () => path,
    () => ({
      payload: payload(),
      code: '12345678',
    }),
  );
}
// The victim's merge offer, acted on from the attacker's session.
for (const action of ['ownership', 'ignore', 'merge', 'refuse'] as const) {
  FIELD_CASES[`POST /api/fuzzion/${action} payload`] = attack(
    NOT_FOUND,
    'POST',
    () => `/api/fuzzion/${action}`,
    () =>
      action === 'ownership'
        ? { payload: world.merge.payload, answer: 'not_me' }
        : { payload: world.merge.payload },
  );
}
// Every onboarding step names its flow (and the code steps their challenge) in the body; another
// device is refused whatever it sends.
for (const [step, body] of [
  ['state', {}],
  ['abandon', {}],
  ['terms', { terms_version: 'x', privacy_version: 'x', accept_terms: true, accept_privacy: true }],
  ['account', { firstname: 'Eve', lastname: 'Attacker', email: 'eve@test.example' }],
  ['email', {}],
  ['phone', { phone: '+32470999999' }],
  ['resend', { payload: 'onboarding' }],
  ['verify', { payload: 'onboarding', code: '12345678' }],
  ['complete', { password: 'Quiet-harbour-lantern-77' }],
] as const) {
  for (const field of ['flow', ...Object.keys(body).filter((key) => key === 'payload')]) {
    FIELD_CASES[`POST /api/onboarding/${step} ${field}`] = attack(
      { status: 410, code: 'onboarding_expired' },
      'POST',
      () => `/api/onboarding/${step}`,
      () => ({
        ...body,
        flow: world.onboardingFlow,
        ...('payload' in body ? { payload: world.onboardingPayload } : {}),
      }),
      otherDevice,
    );
  }
}

describe('IDOR: every reference to an object of another account', () => {
  it('every route with an id in its path, body or query has a case below (or a reason it names nothing owned)', () => {
    const missing: string[] = [];
    for (const { key, path, route } of ROUTES) {
      // An end user reaches no admin route (403); staff reaching another edition's or company's
      // objects is the admin route table's (test/admin/route-table.test.ts: 404 for each route).
      if (route.auth === 'admin') continue;
      if (pathParams(path).length && !PATH_CASES[key]) missing.push(key);
      for (const field of [...schemaKeys(route.body), ...schemaKeys(route.query)]) {
        const name = `${key} ${field}`;
        if (ID_FIELD.test(field) && !FIELD_CASES[name] && !NOT_AN_OBJECT_REFERENCE[name]) missing.push(name);
      }
    }
    expect(missing).toEqual([]);
  });

  const present = new Set(ROUTES.map((route) => route.key));
  const cases = [...Object.entries(PATH_CASES), ...Object.entries(FIELD_CASES)].filter(([name]) =>
    present.has(name.split(' ').slice(0, 2).join(' ')),
  );

  it.each(cases)('%s: refused, and nothing of the owner changes', async (_name, attack) => {
    const before = await snapshot();
    const attackerSessions = await test.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', world.attacker.id)
      .execute();
    const response = await test.call(attack.request());
    expect(response.statusCode, response.body.slice(0, 300)).toBe(attack.status);
    if (attack.code) expect(response.json().code).toBe(attack.code);
    expect(await snapshot()).toEqual(before);
    // The attacker's own sessions are untouched too (not-me with a foreign event ends nothing).
    const after = await test.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', world.attacker.id)
      .execute();
    expect(after).toEqual(attackerSessions);
  });

  it('the victim can still use every challenge the attacker tried (no attempts were spent)', async () => {
    const db = test.database.db;
    const rows = await db
      .selectFrom('code_challenges')
      .select(['id', 'attempts', 'consumed_at'])
      .where('id', 'in', [
        world.sudoPayload,
        world.recoveryPayload,
        world.loginCodePayload,
        world.onboardingPayload,
      ])
      .execute();
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row).toMatchObject({ attempts: 0, consumed_at: null });
    expect(await loginWorks(world.victimToken)).toBe(true);
  });
});

async function loginWorks(token: string) {
  return (await test.call({ method: 'GET', url: '/api/user', token })).statusCode === 200;
}
