import { randomBytes, randomUUID } from 'node:crypto';
import { CODE_MAX_ATTEMPTS } from '@vestibule/contract/constants';
import type { Response as InjectResponse } from 'light-my-request';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { LOGIN_FLOW_MAX_FAILURES } from '../../src/account/pending-login';
import { findDuplicate, sendProofCode } from '../fuzzion/helpers';
import {
  countMessages,
  createMfaAccount,
  dropSudo,
  latestCode,
  loginWithSms,
  type MfaAccount,
  passwordStep,
  startChallenge,
  totpCode,
  verifyCode,
} from '../mfa/helpers';
import { acceptTerms, issueCard, start as startOnboarding } from '../onboarding/helpers';
import { freshAddresses } from '../profile/helpers';
import { forgotPassword, randomIp, resetPassword, resetTokenFor, verifyResetCode } from '../recovery/helpers';
import { loginOn, stepUpByEmail } from '../security/helpers';
import { createAccount } from '../support/accounts';
import { createTestApp, sharedTestApp, submitCode } from '../support/test-app';
import { ROUTES, schemaKeys, sessionOf } from './helpers';

/**
 * One-time code brute force and TOTP replay. Every route that checks a code or a
 * code-like secret: five wrong tries, then the challenge is dead — the right code too answers
 * 410 and nothing happens (no session, no step-up, no method, no contact, no reset). Across
 * challenges, a login flow and an account have budgets of their own; a resend keeps the tries
 * already made. A TOTP code opens once, and no older one after it; a recovery key opens once.
 */

/** RATE_LIMIT_CODE_CHECKS_PER_ACCOUNT by default. */
const VERIFY_PER_ACCOUNT = { limit: 20 };

const test = sharedTestApp({ RATE_LIMIT_CODES_PER_ACCOUNT: '1000', RATE_LIMIT_SMS_PER_NUMBER: '1000' });

/** A code of the same length that is not the right one. */
function wrongCode(code: string): string {
  const digits = code.split('').map((d) => String((Number(d) + 1) % 10));
  return digits.join('');
}

/** A 6-digit code that matches none of the TOTP steps around now. */
async function wrongTotp(secret: string): Promise<string> {
  const near = new Set(await Promise.all([-2, -1, 0, 1, 2].map((steps) => totpCode(secret, steps))));
  for (let i = 0; ; i++) {
    const candidate = String(123456 + i * 7919).slice(-6);
    if (!near.has(candidate)) return candidate;
  }
}

interface Target {
  /** Sends one code (or secret) to the route under attack. */
  submit(code: string): Promise<InjectResponse>;
  right(): Promise<string>;
  wrong: string;
  /** What a success would change; must be the same after the attack. */
  effect(): Promise<unknown>;
  wrongAnswer?: [number, string];
  deadAnswer?: [number, string];
}

const sessionsOf = (userId: number) =>
  test.database.db
    .selectFrom('sessions')
    .select(['id', 'sudo_until'])
    .where('user_id', '=', userId)
    .execute();

async function loginChallenge(
  kinds: ('sms' | 'email' | 'totp')[],
  method: 'sms' | 'email' | 'totp' | 'recovery',
) {
  const account = await createMfaAccount(test.database.db, kinds);
  const deviceId = randomUUID();
  const flow = await passwordStep(test, account, deviceId);
  const mfaId = account.methods[method === 'recovery' ? 'totp' : method]!;
  const started = await startChallenge(
    test,
    { mfaId, payload: flow.payload, ...(method === 'recovery' ? { method: 'totpRecovery' as const } : {}) },
    { deviceId },
  );
  expect(started.statusCode, started.body).toBe(200);
  return { account, deviceId, flow, payload: started.json().payload as string };
}

/** A signed-in account with SMS and e-mail MFA and a fresh step-up (from its MFA login). */
async function signedIn(): Promise<{ account: MfaAccount; token: string }> {
  const account = await createMfaAccount(test.database.db, ['sms', 'email']);
  return { account, token: await loginWithSms(test, account) };
}

async function contactTarget(kind: 'emails' | 'phones' | 'login'): Promise<Target> {
  const { account, token } = await signedIn();
  const fresh = freshAddresses();
  const address = kind === 'phones' ? fresh.phone : fresh.email;
  const started = await test.call({
    method: 'POST',
    url: kind === 'login' ? '/api/user/login' : `/api/user/${kind}`,
    token,
    payload:
      kind === 'login' ? { login: address } : kind === 'emails' ? { email: address } : { phone: address },
  });
  expect(started.statusCode, started.body).toBe(202);
  const payload = started.json().payload as string;
  const right = await latestCode(test.database.db, address);
  const confirmUrl = kind === 'login' ? '/api/user/login/confirm' : `/api/user/${kind}/confirm`;
  return {
    submit: (code) => submitCode(test, confirmUrl, token, payload, code),
    right: async () => right,
    wrong: wrongCode(right),
    effect: async () => {
      const db = test.database.db;
      return Promise.all([
        db
          .selectFrom('user_emails')
          .select(['address', 'is_default'])
          .where('user_id', '=', account.id)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('user_phones')
          .select(['number', 'is_default'])
          .where('user_id', '=', account.id)
          .orderBy('id')
          .execute(),
      ]);
    },
  };
}

/** Every code-checking route, with how to reach a live challenge of it. */
const TARGETS: Record<string, Record<string, () => Promise<Target>>> = {
  'POST /api/mfa/sudo': {
    'login by SMS': async () => {
      const { account, deviceId, payload } = await loginChallenge(['sms', 'email'], 'sms');
      const right = await latestCode(test.database.db, account.phone);
      return {
        submit: (code) => verifyCode(test, { payload, code }, { deviceId }),
        right: async () => right,
        wrong: wrongCode(right),
        effect: () => sessionsOf(account.id),
      };
    },
    'login by e-mail': async () => {
      const { account, deviceId, payload } = await loginChallenge(['email', 'sms'], 'email');
      const right = await latestCode(test.database.db, account.email);
      return {
        submit: (code) => verifyCode(test, { payload, code }, { deviceId }),
        right: async () => right,
        wrong: wrongCode(right),
        effect: () => sessionsOf(account.id),
      };
    },
    'login by authenticator': async () => {
      const { account, deviceId, payload } = await loginChallenge(['totp', 'email'], 'totp');
      return {
        submit: (code) => verifyCode(test, { payload, code }, { deviceId }),
        right: () => totpCode(account.totpSecret),
        wrong: await wrongTotp(account.totpSecret),
        effect: () => sessionsOf(account.id),
      };
    },
    'login by recovery key': async () => {
      const { account, deviceId, payload } = await loginChallenge(['totp', 'email'], 'recovery');
      return {
        submit: (code) => verifyCode(test, { payload, code }, { deviceId }),
        right: async () => account.recoveryKeys[0]!,
        wrong: 'AAAAA-AAAAA',
        effect: async () => [
          await sessionsOf(account.id),
          await test.database.db
            .selectFrom('totp_recovery_keys')
            .select('used_at')
            .where('user_id', '=', account.id)
            .execute(),
        ],
      };
    },
    'step-up by e-mail': async () => {
      const { account, token } = await signedIn();
      await dropSudo(test.database.db, token);
      const started = await startChallenge(test, { mfaId: account.methods.email! }, { token });
      const payload = started.json().payload as string;
      const right = await latestCode(test.database.db, account.email);
      return {
        submit: (code) => verifyCode(test, { payload, code }, { token }),
        right: async () => right,
        wrong: wrongCode(right),
        effect: () => sessionsOf(account.id),
      };
    },
  },
  'POST /api/mfa/activate': {
    'a new e-mail method': async () => {
      const account = await createAccount(test.database.db);
      const { token } = await loginOn(test, account);
      // A new address as the first method needs a step-up (docs/decisions/0013).
      await stepUpByEmail(test, token, account);
      const address = freshAddresses().email;
      const started = await test.call({
        method: 'GET',
        url: `/api/mfa/-2/activate?target=${encodeURIComponent(address)}`,
        token,
      });
      expect(started.statusCode, started.body).toBe(200);
      const payload = started.json().payload as string;
      const right = await latestCode(test.database.db, address);
      return {
        submit: (code) =>
          test.call({ method: 'POST', url: '/api/mfa/activate', token, payload: { payload, code } }),
        right: async () => right,
        wrong: wrongCode(right),
        effect: () =>
          test.database.db
            .selectFrom('mfa_methods')
            .select(['id', 'target'])
            .where('user_id', '=', account.id)
            .execute(),
      };
    },
    'a new authenticator': async () => {
      const account = await createAccount(test.database.db);
      const { token } = await loginOn(test, account);
      await stepUpByEmail(test, token, account);
      const started = await test.call({ method: 'GET', url: '/api/mfa/-3/activate', token });
      expect(started.statusCode, started.body).toBe(200);
      const { payload, data } = started.json();
      return {
        submit: (code) =>
          test.call({ method: 'POST', url: '/api/mfa/activate', token, payload: { payload, code } }),
        right: () => generate({ secret: data.secret, epoch: Math.floor(Date.now() / 1000) }),
        wrong: await wrongTotp(data.secret),
        effect: () =>
          test.database.db
            .selectFrom('mfa_methods')
            .select(['id', 'method'])
            .where('user_id', '=', account.id)
            .execute(),
      };
    },
  },
  'POST /api/user/emails/confirm': { 'a new e-mail contact': () => contactTarget('emails') },
  'POST /api/user/phones/confirm': { 'a new phone contact': () => contactTarget('phones') },
  'POST /api/user/login/confirm': { 'a new login': () => contactTarget('login') },
  'POST /api/fuzzion': {
    'proof of control of the other account': async () => {
      const dup = await findDuplicate(test);
      const { payload, code: right } = await sendProofCode(test, dup);
      return {
        submit: (code) =>
          test.call({ method: 'POST', url: '/api/fuzzion', token: dup.token, payload: { payload, code } }),
        right: async () => right,
        wrong: wrongCode(right),
        // Wrong codes may fail the whole offer (stricter still); it must never move on.
        effect: async () => {
          const flow = await test.database.db
            .selectFrom('fuzzion_flows')
            .select('step')
            .where('id', '=', dup.payload)
            .executeTakeFirstOrThrow();
          return ['code', 'failed'].includes(flow.step) ? 'not proven' : flow.step;
        },
      };
    },
  },
  'POST /api/onboarding/verify': {
    'the sign-up e-mail': async () => {
      const extra = { remoteAddress: randomIp(), deviceId: randomUUID() };
      const flow = (await startOnboarding(test, 'card', await issueCard(test.database.db), extra)).json();
      await acceptTerms(test, flow, extra);
      const email = freshAddresses().email;
      await test.call({
        method: 'POST',
        url: '/api/onboarding/account',
        payload: { flow: flow.id, firstname: 'Nora', lastname: 'Jacobs', email },
        ...extra,
      });
      const sent = await test.call({
        method: 'POST',
        url: '/api/onboarding/email',
        payload: { flow: flow.id },
        ...extra,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const payload = sent.json().challenge.payload as string;
      const right = await latestCode(test.database.db, email);
      return {
        submit: (code) =>
          test.call({
            method: 'POST',
            url: '/api/onboarding/verify',
            payload: { flow: flow.id, payload, code },
            ...extra,
          }),
        right: async () => right,
        wrong: wrongCode(right),
        effect: () =>
          test.database.db
            .selectFrom('onboarding_flows')
            .select(['step', 'email_verified_at'])
            .where('id', '=', flow.id)
            .execute(),
      };
    },
  },
  'POST /api/user/forgot-password/verify': {
    'the reset code': async () => {
      const account = await createAccount(test.database.db);
      const extra = { deviceId: randomUUID(), remoteAddress: randomIp() };
      const started = await forgotPassword(test, account.email, extra);
      const payload = started.json().payload as string;
      const right = await latestCode(test.database.db, account.email);
      return {
        submit: (code) => verifyResetCode(test, payload, code, extra),
        right: async () => right,
        wrong: wrongCode(right),
        effect: () =>
          test.database.db
            .selectFrom('code_challenges')
            .select('id')
            .where('user_id', '=', account.id)
            .where('purpose', '=', 'password_reset_grant')
            .execute(),
      };
    },
  },
  'POST /api/user/reset-password': {
    'the reset token secret': async () => {
      const account = await createAccount(test.database.db);
      const extra = { deviceId: randomUUID(), remoteAddress: randomIp() };
      const token = await resetTokenFor(test, account.email, account.email, extra);
      const [grant] = token.split('.');
      return {
        submit: (secret) => resetPassword(test, `${grant}.${secret}`, 'Quiet-harbour-lantern-77', extra),
        right: async () => token.split('.')[1]!,
        wrong: randomBytes(32).toString('base64url'),
        effect: () =>
          test.database.db.selectFrom('users').select('password_hash').where('id', '=', account.id).execute(),
        wrongAnswer: [410, 'reset_expired'],
        deadAnswer: [410, 'reset_expired'],
      };
    },
  },
};

describe('one-time code brute force', () => {
  it('every route that takes a code or a reset token is in the sweep', () => {
    const checking = ROUTES.filter(({ route }) =>
      schemaKeys(route.body).some((field) => field === 'code' || field === 'reset_token'),
    ).map(({ key }) => key);
    // POST /api/onboarding takes a card, activation or invitation code: limited per IP and per code below.
    // The hash hand-over codes (a minute) and the invitee's "not me" code are 256-bit random
    // values: nothing to guess (abuse/hash-login.test.ts, abuse/invitation-claim.test.ts).
    const unguessable = [
      'POST /api/onboarding',
      'POST /api/onboarding/not-me',
      'POST /api/token/handover/preview',
      'POST /api/token/handover/redeem',
    ];
    expect(checking.filter((key) => !unguessable.includes(key)).sort()).toEqual(Object.keys(TARGETS).sort());
  });

  const cases = Object.entries(TARGETS).flatMap(([route, targets]) =>
    Object.entries(targets).map(([what, setup]) => [`${route}: ${what}`, setup] as const),
  );

  it.each(cases)(
    '%s — five wrong tries, then even the right one is refused and nothing happens',
    async (_name, setup) => {
      const target = await setup();
      const before = await target.effect();
      const [wrongStatus, wrongError] = target.wrongAnswer ?? [422, 'invalid_code'];
      for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
        const response = await target.submit(target.wrong);
        expect(response.statusCode, `try ${i + 1}: ${response.body}`).toBe(wrongStatus);
        expect(response.json().code).toBe(wrongError);
      }
      const [deadStatus, deadError] = target.deadAnswer ?? [410, 'challenge_expired'];
      const last = await target.submit(await target.right());
      expect(last.statusCode, last.body).toBe(deadStatus);
      expect(last.json().code).toBe(deadError);
      expect(last.json().access_token).toBeUndefined();
      expect(await target.effect()).toEqual(before);
    },
  );

  it('a login flow has a budget across its challenges: new challenges do not bring new tries', async () => {
    const { account, deviceId, flow, payload } = await loginChallenge(['sms', 'email'], 'sms');
    const sms = await latestCode(test.database.db, account.phone);
    let current = payload;
    let right = sms;
    for (let failures = 0; failures < LOGIN_FLOW_MAX_FAILURES; failures++) {
      if (failures > 0 && failures % CODE_MAX_ATTEMPTS === 0) {
        const next = await startChallenge(
          test,
          { mfaId: account.methods.email!, payload: flow.payload },
          { deviceId },
        );
        expect(next.statusCode).toBe(200);
        current = next.json().payload;
        right = await latestCode(test.database.db, account.email);
      }
      expect(
        (await verifyCode(test, { payload: current, code: wrongCode(right) }, { deviceId })).statusCode,
      ).toBe(422);
    }
    // The login itself is over: no new challenge, no code sent, password again.
    const sent = await countMessages(test.database.db, account.email);
    const again = await startChallenge(
      test,
      { mfaId: account.methods.email!, payload: flow.payload },
      { deviceId },
    );
    expect(again.statusCode).toBe(410);
    expect(await countMessages(test.database.db, account.email)).toBe(sent);
    expect(await sessionsOf(account.id)).toEqual([]);
  });

  it('a resend brings a new code but not new tries', async () => {
    const { account, deviceId, payload } = await loginChallenge(['sms', 'email'], 'sms');
    const first = await latestCode(test.database.db, account.phone);
    for (let i = 0; i < CODE_MAX_ATTEMPTS - 1; i++)
      expect((await verifyCode(test, { payload, code: wrongCode(first) }, { deviceId })).statusCode).toBe(
        422,
      );
    // Skip the countdown (no waiting in tests): the resend itself is what is under test.
    await test.database.db
      .updateTable('code_challenges')
      .set({ last_sent_at: new Date(Date.now() - 10 * 60_000) })
      .where('id', '=', payload)
      .execute();
    const resent = await test.call({
      method: 'POST',
      url: '/api/mfa/resend',
      payload: { payload },
      deviceId,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await latestCode(test.database.db, account.phone);
    expect((await verifyCode(test, { payload, code: wrongCode(second) }, { deviceId })).statusCode).toBe(422);
    const dead = await verifyCode(test, { payload, code: second }, { deviceId });
    expect(dead.statusCode).toBe(410);
    expect(await sessionsOf(account.id)).toEqual([]);
  });

  it(`an account takes at most ${VERIFY_PER_ACCOUNT.limit} code checks per window, across challenges`, async () => {
    const { account, token } = await signedIn();
    await dropSudo(test.database.db, token);
    let checks = 0;
    let refused: InjectResponse | undefined;
    while (!refused) {
      const started = await startChallenge(test, { mfaId: account.methods.email! }, { token });
      expect(started.statusCode).toBe(200);
      const right = await latestCode(test.database.db, account.email);
      for (let i = 0; i < CODE_MAX_ATTEMPTS && !refused; i++) {
        const response = await verifyCode(
          test,
          { payload: started.json().payload, code: wrongCode(right) },
          { token },
        );
        if (response.statusCode === 429) refused = response;
        else {
          expect(response.statusCode).toBe(422);
          checks += 1;
        }
      }
      expect(checks).toBeLessThanOrEqual(VERIFY_PER_ACCOUNT.limit);
    }
    // The MFA login of the session was the first check of the window.
    expect(checks + 1).toBe(VERIFY_PER_ACCOUNT.limit);
    expect(refused.json().code).toBe('too_many_attempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right code of a fresh challenge waits for the window.
    const started = await startChallenge(test, { mfaId: account.methods.email! }, { token });
    const right = await latestCode(test.database.db, account.email);
    expect(
      (await verifyCode(test, { payload: started.json().payload, code: right }, { token })).statusCode,
    ).toBe(429);
    expect(await sessionOf(test.database.db, token)).toBeDefined();
    expect((await sessionsOf(account.id))[0]?.sudo_until).toBeNull();
  });

  it('a client IP has a budget of code checks across accounts (RATE_LIMIT_CODE_CHECKS_PER_IP)', async () => {
    const strict = await createTestApp({ RATE_LIMIT_CODE_CHECKS_PER_IP: '3' });
    try {
      const remoteAddress = randomIp();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const account = await createAccount(test.database.db);
        const extra = { deviceId: randomUUID(), remoteAddress };
        const started = await forgotPassword(strict, account.email, extra);
        statuses.push((await verifyResetCode(strict, started.json().payload, '00000000', extra)).statusCode);
      }
      expect(statuses).toEqual([422, 422, 422, 429]);
    } finally {
      await strict.app.close();
    }
  });

  it('sign-up codes (card, activation, invitation) are limited per client: the 31st try answers 429', async () => {
    const remoteAddress = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await test.call({
        method: 'POST',
        url: '/api/onboarding',
        remoteAddress,
        payload: { kind: 'invitation', code: `ZZZZZ-ZZ${String(i).padStart(3, '0')}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status !== 429 && status < 500)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('TOTP replay and recovery keys', () => {
  async function totpLogin(account: MfaAccount, code: string) {
    const deviceId = randomUUID();
    const flow = await passwordStep(test, account, deviceId);
    const started = await startChallenge(
      test,
      { mfaId: account.methods.totp!, payload: flow.payload },
      { deviceId },
    );
    return verifyCode(test, { payload: started.json().payload, code }, { deviceId });
  }

  it('a TOTP code opens one login: the same code again is refused, and opens no session', async () => {
    const account = await createMfaAccount(test.database.db, ['totp', 'email']);
    const code = await totpCode(account.totpSecret);
    expect((await totpLogin(account, code)).statusCode).toBe(200);
    const replay = await totpLogin(account, code);
    expect(replay.statusCode).toBe(422);
    expect(replay.json().code).toBe('invalid_code');
    expect(await sessionsOf(account.id)).toHaveLength(1);
  });

  it('after a code is used, an older one of the accepted window is refused too', async () => {
    const account = await createMfaAccount(test.database.db, ['totp', 'email']);
    expect((await totpLogin(account, await totpCode(account.totpSecret, 1))).statusCode).toBe(200);
    const older = await totpLogin(account, await totpCode(account.totpSecret, 0));
    expect(older.statusCode).toBe(422);
    expect(await sessionsOf(account.id)).toHaveLength(1);
  });

  it('a TOTP code used at login cannot be replayed for a step-up of the session it opened', async () => {
    const account = await createMfaAccount(test.database.db, ['totp', 'email']);
    const code = await totpCode(account.totpSecret);
    const opened = await totpLogin(account, code);
    const token = opened.json().access_token as string;
    await dropSudo(test.database.db, token);
    const started = await startChallenge(test, { mfaId: account.methods.totp! }, { token });
    const replay = await verifyCode(test, { payload: started.json().payload, code }, { token });
    expect(replay.statusCode).toBe(422);
    expect((await sessionsOf(account.id))[0]?.sudo_until).toBeNull();
  });

  it('a recovery key opens one login', async () => {
    const account = await createMfaAccount(test.database.db, ['totp', 'email']);
    const key = account.recoveryKeys[0]!;
    const login = async () => {
      const deviceId = randomUUID();
      const flow = await passwordStep(test, account, deviceId);
      const started = await startChallenge(
        test,
        { mfaId: account.methods.totp!, payload: flow.payload, method: 'totpRecovery' },
        { deviceId },
      );
      return verifyCode(test, { payload: started.json().payload, code: key.toLowerCase() }, { deviceId });
    };
    expect((await login()).statusCode).toBe(200);
    const again = await login();
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('invalid_code');
    expect(await sessionsOf(account.id)).toHaveLength(1);
  });
});
