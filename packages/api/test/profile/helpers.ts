import { contactChallengeResponseSchema } from '@vestibule/contract/schemas/profile';
import { userResponseSchema } from '@vestibule/contract/schemas/user';
import { expect } from 'vitest';
import { createMfaAccount, latestCode, loginWithSms, type MfaAccount } from '../mfa/helpers';
import { bodyText } from '../support/outbox';
import { submitCode, type TestApp } from '../support/test-app';

export interface ProfileSession {
  account: MfaAccount;
  token: string;
}

/** A fresh account with SMS and e-mail MFA on its primary contacts, logged in (with a step-up). */
export async function profileSession(test: TestApp): Promise<ProfileSession> {
  const account = await createMfaAccount(test.database.db, ['sms', 'email']);
  return { account, token: await loginWithSms(test, account) };
}

let counter = 0;
/** A phone number and e-mail no account has yet. */
export function freshAddresses() {
  counter += 1;
  const unique = `${Date.now() % 1_000_000}`.padStart(6, '0');
  return {
    email: `new-${process.pid}-${counter}-${unique}@test.example`,
    // Belgian mobile numbers +32 47x xx xx xx: vary the last six digits.
    phone: `+32478${String((Number(unique) + counter * 7919) % 1_000_000).padStart(6, '0')}`,
  };
}

/** Starts a code to a new address (POST, or PUT for an update) and confirms it; answers the user. */
export async function proveAddress(
  test: TestApp,
  session: ProfileSession,
  request: { method: 'POST' | 'PUT'; url: string; payload: Record<string, string> },
  confirmUrl: string,
  recipient: string,
) {
  const started = await test.call({ ...request, token: session.token });
  expect(started.statusCode, started.body).toBe(202);
  const challenge = contactChallengeResponseSchema.parse(started.json());
  const code = await latestCode(test.database.db, recipient);
  const confirmed = await submitCode(test, confirmUrl, session.token, challenge.payload, code);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return userResponseSchema.parse(confirmed.json()).data;
}

export async function messagesTo(test: TestApp, recipient: string) {
  const rows = await test.database.db
    .selectFrom('outbox')
    .select(['body_text', 'body_sealed', 'subject'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ subject: row.subject, body_text: bodyText(row) }));
}

/** A new e-mail contact, proven with its code (POST /api/user/emails and its confirmation); answers the user. */
export function addEmail(test: TestApp, session: ProfileSession, email: string) {
  const request = { method: 'POST' as const, url: '/api/user/emails', payload: { email } };
  return proveAddress(test, session, request, '/api/user/emails/confirm', email);
}

/** A new login (e-mail or phone), proven with its code (POST /api/user/login and its confirmation); answers the user. */
export function changeLogin(test: TestApp, session: ProfileSession, login: string) {
  const request = { method: 'POST' as const, url: '/api/user/login', payload: { login } };
  return proveAddress(test, session, request, '/api/user/login/confirm', login);
}

/** POST /api/user/emails or /api/user/phones: starts adding a contact; the answer carries the code's payload. */
export function startContact(test: TestApp, token: string, contact: { email: string } | { phone: string }) {
  const url = 'email' in contact ? '/api/user/emails' : '/api/user/phones';
  return test.call({ method: 'POST', url, token, payload: contact });
}
