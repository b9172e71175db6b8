import { TRUSTED_DEVICE_COOKIE_BASE_NAME } from '@vestibule/contract/constants';
import { mfaRequiredBodySchema } from '@vestibule/contract/schemas/mfa';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { replaceRecoveryKeys } from '../../src/account/recovery-keys';
import type { Db } from '../../src/db/database';
import { newTotpSecret } from '../../src/flows/mfa/totp';
import { hashToken } from '../../src/security/tokens';
import { createAccount, type TestAccount } from '../support/accounts';
import { bodyText } from '../support/outbox';
import { attemptLogin, TEST_SECRETS, type TestApp } from '../support/test-app';

export interface MfaAccount extends TestAccount {
  methods: { sms?: number; email?: number; totp?: number };
  totpSecret: string;
  recoveryKeys: string[];
}

/** A fresh account with the given MFA methods (the first is primary) set up directly in the database. */
export async function createMfaAccount(
  db: Db,
  kinds: readonly ('sms' | 'email' | 'totp')[] = ['sms', 'email'],
  options: { passwordStatus?: number; mfaForced?: boolean } = {},
): Promise<MfaAccount> {
  const account = await createAccount(db);
  if (options.passwordStatus !== undefined || options.mfaForced !== undefined)
    await db
      .updateTable('users')
      .set({ password_status: options.passwordStatus ?? 0, mfa_forced: options.mfaForced ?? false })
      .where('id', '=', account.id)
      .execute();
  const totpSecret = newTotpSecret();
  const methods: MfaAccount['methods'] = {};
  let recoveryKeys: string[] = [];
  for (const [index, kind] of kinds.entries()) {
    const row = await db
      .insertInto('mfa_methods')
      .values({
        user_id: account.id,
        method: kind,
        target: kind === 'sms' ? account.phone : kind === 'email' ? account.email : null,
        secret_enc: kind === 'totp' ? TEST_SECRETS.encrypt(totpSecret) : null,
        last_totp_step: null,
        is_primary: index === 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    methods[kind] = row.id;
    if (kind === 'totp') recoveryKeys = await replaceRecoveryKeys(db, TEST_SECRETS, account.id, row.id);
  }
  return { ...account, methods, totpSecret, recoveryKeys };
}

/** The newest code sent to a recipient, read from the outbox (what the dev inbox shows). */
export async function latestCode(db: Db, recipient: string): Promise<string> {
  const row = await db
    .selectFrom('outbox')
    .select(['body_text', 'body_sealed'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /\b(\d{8})\b/.exec(bodyText(row));
  if (!match?.[1]) throw new Error('no code in the message');
  return match[1];
}

export async function countMessages(db: Db, recipient: string): Promise<number> {
  const rows = await db.selectFrom('outbox').select('id').where('recipient', '=', recipient).execute();
  return rows.length;
}

/** A TOTP code of the current time step, or `steps` steps away (±1 is accepted). */
export function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/**
 * The trusted-device cookie each test device holds (as its browser would), by device id: set by
 * `loginWithSms` with trust, sent by `passwordStep`, so a refused login proves more than a
 * missing cookie.
 */
export const deviceSecrets = new Map<string, string>();

/** The trusted-device cookie a response sets, if any. */
export function trustedDeviceCookieOf(response: { headers: Record<string, unknown> }): string | undefined {
  const lines = ([] as string[]).concat(
    (response.headers['set-cookie'] as string | string[] | undefined) ?? [],
  );
  const line = lines.find((cookie) => cookie.startsWith(`${TRUSTED_DEVICE_COOKIE_BASE_NAME}=`));
  const value = line?.split(';')[0]?.slice(TRUSTED_DEVICE_COOKIE_BASE_NAME.length + 1);
  return value || undefined;
}

/** The cookies a test device sends to POST /api/token: its trusted-device secret, if it has one. */
export function deviceCookies(deviceId: string | undefined): { cookies?: Record<string, string> } {
  const secret = deviceId ? deviceSecrets.get(deviceId) : undefined;
  return secret ? { cookies: { [TRUSTED_DEVICE_COOKIE_BASE_NAME]: secret } } : {};
}

/** POST /api/token for an account with MFA: answers the login payload and the methods offered. */
export async function passwordStep(test: TestApp, account: TestAccount, deviceId?: string) {
  const response = await attemptLogin(test, account, {
    ...(deviceId ? { deviceId } : {}),
    ...deviceCookies(deviceId),
  });
  expect(response.statusCode).toBe(401);
  return mfaRequiredBodySchema.parse(response.json()).mfa;
}

/** GET /api/mfa/sudo: starts a challenge (login when `payload` is given, else step-up of `token`). */
export function startChallenge(
  test: TestApp,
  query: { mfaId: number; payload?: string; single?: 0 | 1; method?: 'totpRecovery' },
  extra: { token?: string; deviceId?: string } = {},
) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  return test.call({ method: 'GET', url: `/api/mfa/sudo?${search}`, ...extra });
}

export function verifyCode(
  test: TestApp,
  body: { payload: string; code: string; isTrustedDevice?: boolean },
  extra: { token?: string; deviceId?: string } = {},
) {
  return test.call({ method: 'POST', url: '/api/mfa/sudo', payload: body, ...extra });
}

/**
 * The setup of most login tests: an MFA account (with `kinds`, the first one primary) that gave its
 * password, and a challenge of `method` started on the login payload from the test's device.
 */
export async function startLogin(
  test: TestApp,
  method: 'sms' | 'email' | 'totp' | 'totpRecovery' = 'sms',
  kinds: readonly ('sms' | 'email' | 'totp')[] = method === 'sms' || method === 'email'
    ? ['sms', 'email']
    : ['totp', 'sms', 'email'],
) {
  const account = await createMfaAccount(test.database.db, kinds);
  const mfa = await passwordStep(test, account);
  const recovery = method === 'totpRecovery';
  const started = await startChallenge(test, {
    mfaId: account.methods[recovery ? 'totp' : method] as number,
    payload: mfa.payload,
    ...(recovery ? { method } : {}),
  });
  return { account, mfa, started, payload: started.json().payload as string };
}

/** Full MFA login by SMS (trusting the device when asked): answers the bearer token. */
export async function loginWithSms(
  test: TestApp,
  account: MfaAccount,
  deviceId?: string,
  { trustDevice = false }: { trustDevice?: boolean } = {},
): Promise<string> {
  const extra = deviceId ? { deviceId } : {};
  const mfa = await passwordStep(test, account, deviceId);
  const started = await startChallenge(
    test,
    { mfaId: account.methods.sms as number, payload: mfa.payload },
    extra,
  );
  expect(started.statusCode).toBe(200);
  const code = await latestCode(test.database.db, account.phone);
  const trust = trustDevice ? { isTrustedDevice: true } : {};
  const verified = await verifyCode(test, { payload: started.json().payload, code, ...trust }, extra);
  expect(verified.statusCode).toBe(200);
  const secret = trustedDeviceCookieOf(verified);
  if (trustDevice && deviceId && secret) deviceSecrets.set(deviceId, secret);
  return verified.json().access_token;
}

/** A step-up grant for a session, with an e-mail code. */
export async function stepUp(test: TestApp, token: string, account: MfaAccount, single: 0 | 1 = 0) {
  const started = await startChallenge(test, { mfaId: account.methods.email as number, single }, { token });
  expect(started.statusCode).toBe(200);
  const code = await latestCode(test.database.db, account.email);
  const verified = await verifyCode(test, { payload: started.json().payload, code }, { token });
  expect(verified.statusCode).toBe(200);
}

/** Drops the step-up a fresh MFA login brings, to test what needs one. */
export async function dropSudo(db: Db, token: string) {
  await db
    .updateTable('sessions')
    .set({ sudo_until: null })
    .where('token_hash', '=', hashToken(token))
    .execute();
}
