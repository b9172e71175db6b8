import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database';
import { bodyText } from '../support/outbox';
import type { TestApp } from '../support/test-app';

/** A client IP of its own per test app, so that per-IP counters never mix with other files. */
export function randomIp(): string {
  const byte = () => 1 + Math.floor(Math.random() * 250);
  return `10.${byte()}.${byte()}.${byte()}`;
}

export type Extra = { deviceId?: string; host?: string; token?: string; remoteAddress?: string };

export function post(test: TestApp, url: string, payload: unknown, extra: Extra & InjectOptions = {}) {
  return test.call({ method: 'POST', url, payload: payload as Record<string, unknown>, ...extra });
}

export function forgotPassword(test: TestApp, username: string, extra: Extra = {}) {
  return post(test, '/api/user/forgot-password', { username }, extra);
}

export function verifyResetCode(test: TestApp, payload: string, code: string, extra: Extra = {}) {
  return post(test, '/api/user/forgot-password/verify', { payload, code }, extra);
}

export function resetPassword(test: TestApp, resetToken: string, password: string, extra: Extra = {}) {
  return post(test, '/api/user/reset-password', { reset_token: resetToken, password }, extra);
}

/** The messages sent to a recipient, newest first. */
export async function messagesTo(db: Db, recipient: string) {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'channel', 'subject', 'body_text', 'body_sealed'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(({ body_sealed: _, ...row }) => ({
    ...row,
    body_text: bodyText({ ...row, body_sealed: _ }),
  }));
}

/** The 8-digit code of the newest message to a recipient. */
export async function latestCodeTo(db: Db, recipient: string): Promise<string> {
  const [newest] = await messagesTo(db, recipient);
  const code = newest && /\b(\d{8})\b/.exec(newest.body_text)?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

/** Forgot password → code → reset token, for a known account. */
export async function resetTokenFor(test: TestApp, username: string, recipient: string, extra: Extra = {}) {
  const started = await forgotPassword(test, username, extra);
  expect(started.statusCode).toBe(200);
  const code = await latestCodeTo(test.database.db, recipient);
  const verified = await verifyResetCode(test, started.json().payload, code, extra);
  expect(verified.statusCode).toBe(200);
  return verified.json().reset_token as string;
}

/** A code that is not the one sent (same length). */
export function otherCode(code: string): string {
  return code === '00000000' ? '11111111' : '00000000';
}
