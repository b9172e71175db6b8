import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { codeCheckSymbol, randomCodeSymbols } from '@vestibule/contract/activation-code';
import { luhnCheckDigit } from '@vestibule/contract/card-number';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database';
import { companyId, createInvitation } from '../../src/flows/onboarding/registry';
import { sealedCardNumber, sealedHolderNrn } from '../../src/security/sealed-identifiers';
import { hashToken } from '../../src/security/tokens';
import { bodyText } from '../support/outbox';
import { TEST_SECRETS, type TestApp } from '../support/test-app';

export const LU = 'lu.localhost:3000';

export type Extra = {
  deviceId?: string;
  host?: string;
  remoteAddress?: string;
  headers?: Record<string, string>;
};

/** A client IP of its own, so that per-IP counters never mix with other files. */
export function randomIp(): string {
  const byte = () => 1 + Math.floor(Math.random() * 250);
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** A Luhn-valid card number of the 5065 prefix that no other test uses. */
export function randomCardNumber(): string {
  const payload = `50659${String(randomInt(10 ** 9)).padStart(9, '0')}${randomInt(10)}`;
  return payload + luhnCheckDigit(payload);
}

export function randomActivationCode(): string {
  const payload = randomCodeSymbols(11, (n) => randomBytes(n));
  return payload + codeCheckSymbol(payload);
}

/** An issued card in the registry. */
export async function issueCard(
  db: Db,
  options: {
    edition?: 'general' | 'lu';
    status?: 'inactive' | 'held' | 'blocked';
    activationCode?: string;
  } = {},
) {
  const edition = options.edition ?? 'general';
  const number = randomCardNumber();
  await db
    .insertInto('cards')
    .values({
      edition,
      ...sealedCardNumber(TEST_SECRETS, number),
      user_id: null,
      status: options.status ?? 'inactive',
      company_id: await companyId(db, edition, 'Test Company'),
      holder_firstname: 'Card',
      holder_lastname: 'Holder',
      ...sealedHolderNrn(TEST_SECRETS, null),
      activation_code_hash: options.activationCode ? hashToken(options.activationCode) : null,
    })
    .execute();
  return number;
}

/** An invitation to a fresh address; `expired` moves its expiry to the past. */
export async function issueInvitation(db: Db, options: { expired?: boolean } = {}) {
  const email = `invited-${randomUUID().slice(0, 8)}@test.example`;
  const invitation = await createInvitation(db, TEST_SECRETS, {
    edition: 'general',
    email,
    company: 'Test Company',
    firstname: 'Invited',
    lastname: 'Person',
    linkBase: 'http://localhost:3000',
  });
  if (options.expired)
    await db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', invitation.id)
      .execute();
  return { email, code: invitation.code };
}

let phoneCounter = 0;
/** A Belgian mobile number no account uses. */
export function freshPhone(): string {
  phoneCounter += 1;
  return `+32479${String((process.pid * 100 + phoneCounter + Date.now()) % 1_000_000).padStart(6, '0')}`;
}

export function freshEmail(): string {
  return `new-${randomUUID().slice(0, 8)}@test.example`;
}

export function call(
  test: TestApp,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload: unknown,
  extra: Extra,
) {
  return test.call({ method, url, payload: payload as Record<string, unknown>, ...extra });
}

/** The 8-digit code of the newest message to a recipient. */
export async function latestCodeTo(db: Db, recipient: string): Promise<string> {
  const newest = await db
    .selectFrom('outbox')
    .select(['body_text', 'body_sealed'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const code = newest && /\b(\d{8})\b/.exec(bodyText(newest))?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

export function start(test: TestApp, kind: string, code: string, extra: Extra) {
  return call(test, 'POST', '/api/onboarding', { kind, code }, extra);
}

/** Terms with the versions the state names. */
export function acceptTerms(
  test: TestApp,
  state: { id: string; terms: { terms_version: string; privacy_version: string } },
  extra: Extra,
) {
  return call(
    test,
    'POST',
    '/api/onboarding/terms',
    {
      flow: state.id,
      terms_version: state.terms.terms_version,
      privacy_version: state.terms.privacy_version,
      accept_terms: true,
      accept_privacy: true,
      marketing_email: true,
    },
    extra,
  );
}

/** From a started flow to the password step: terms, names and e-mail, both codes. */
export async function toPasswordStep(
  test: TestApp,
  state: { id: string; terms: { terms_version: string; privacy_version: string } },
  extra: Extra,
  contact: { email?: string; phone?: string } = {},
) {
  const db = test.database.db;
  const email = contact.email ?? freshEmail();
  const phone = contact.phone ?? freshPhone();
  expect((await acceptTerms(test, state, extra)).statusCode).toBe(200);
  const account = await call(
    test,
    'POST',
    '/api/onboarding/account',
    { flow: state.id, firstname: 'Nora', lastname: 'Jacobs', email },
    extra,
  );
  expect(account.statusCode).toBe(200);
  const sentEmail = await call(test, 'POST', '/api/onboarding/email', { flow: state.id }, extra);
  expect(sentEmail.statusCode).toBe(200);
  const emailChallenge = sentEmail.json().challenge;
  if (emailChallenge) {
    const verified = await call(
      test,
      'POST',
      '/api/onboarding/verify',
      { flow: state.id, payload: emailChallenge.payload, code: await latestCodeTo(db, email) },
      extra,
    );
    expect(verified.statusCode).toBe(200);
  }
  const sentSms = await call(test, 'POST', '/api/onboarding/phone', { flow: state.id, phone }, extra);
  expect(sentSms.statusCode).toBe(200);
  const verified = await call(
    test,
    'POST',
    '/api/onboarding/verify',
    { flow: state.id, payload: sentSms.json().challenge.payload, code: await latestCodeTo(db, phone) },
    extra,
  );
  expect(verified.statusCode).toBe(200);
  expect(verified.json().step).toBe('password');
  return { email, phone };
}

export const PASSWORD = 'Blue-harbour-lantern-42';

export function complete(test: TestApp, id: string, extra: Extra, password = PASSWORD) {
  return call(test, 'POST', '/api/onboarding/complete', { flow: id, password }, extra);
}
