import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomIp } from '../recovery/helpers';
import { createAccount } from '../support/accounts';
import { sharedTestApp } from '../support/test-app';

/**
 * Credential stuffing across spellings: the 5-tries-per-15-minutes login limit counts
 * per account, whichever of its e-mails or phones — in any spelling — is typed, from any address.
 * Unknown names keep counters of their own, so the limit tells nothing about them.
 */

const test = sharedTestApp();

function attempt(username: string, password: string) {
  return test.call({
    method: 'POST',
    url: '/api/token',
    remoteAddress: randomIp(),
    payload: { username, password },
  });
}

/** The ways a person can type the account's e-mails and phone. */
function spellings(email: string, otherEmail: string, phone: string): string[] {
  const national = `0${phone.slice(3)}`;
  return [
    email,
    email.toUpperCase(),
    ` ${otherEmail} `,
    phone,
    `${national.slice(0, 4)} ${national.slice(4, 6)} ${national.slice(6, 8)} ${national.slice(8)}`,
    `0032${phone.slice(3)}`,
  ];
}

describe('account-wide login limit', () => {
  it('five wrong passwords spread over its e-mails and phone spellings lock every spelling out', async () => {
    const account = await createAccount(test.database.db);
    const otherEmail = `other-${randomUUID().slice(0, 8)}@test.example`;
    await test.database.db
      .insertInto('user_emails')
      .values({ user_id: account.id, edition: 'general', address: otherEmail, verified_at: new Date() })
      .execute();
    const names = spellings(account.email, otherEmail, account.phone);
    for (const name of names.slice(0, 5)) {
      const wrong = await attempt(name, 'Wrong-password-1');
      expect(wrong.statusCode, name).toBe(400);
      expect(wrong.json().code).toBe('invalid_credentials');
    }
    // Even the right password, through any spelling, now waits.
    for (const name of names) {
      const blocked = await attempt(name, account.password);
      expect(blocked.statusCode, name).toBe(429);
      expect(blocked.json().code).toBe('too_many_attempts');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('unknown names keep their own counters: one exhausted name does not throttle another', async () => {
    const first = `nobody-${randomUUID().slice(0, 8)}@test.example`;
    const second = `nobody-${randomUUID().slice(0, 8)}@test.example`;
    for (let i = 0; i < 5; i += 1) expect((await attempt(first, 'Wrong-password-1')).statusCode).toBe(400);
    expect((await attempt(first.toUpperCase(), 'Wrong-password-1')).statusCode).toBe(429);
    expect((await attempt(second, 'Wrong-password-1')).statusCode).toBe(400);
  });

  it('a success resets the account counter, whichever spelling succeeded', async () => {
    const account = await createAccount(test.database.db);
    for (let i = 0; i < 4; i += 1)
      expect((await attempt(account.phone, 'Wrong-password-1')).statusCode).toBe(400);
    expect((await attempt(account.email.toUpperCase(), account.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1)
      expect((await attempt(account.email, 'Wrong-password-1')).statusCode).toBe(400);
    expect((await attempt(account.phone, account.password)).statusCode).toBe(200);
  });
});
