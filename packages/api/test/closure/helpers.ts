import { expect } from 'vitest';
import { messagesTo } from '../profile/helpers';
import type { Caller, TestApp } from '../support/test-app';

/** The cancel token of the newest closing e-mail to an address (the link's fragment). */
export async function cancelTokenSentTo(test: TestApp, address: string): Promise<string> {
  const [message] = await messagesTo(test, address);
  const token = message?.body_text.match(/\/account-closure#closure=([A-Za-z0-9_%-]+)/)?.[1];
  expect(token, message?.body_text).toBeDefined();
  return decodeURIComponent(token as string);
}

/** POST /api/user/closure with the confirmation, by a bearer token or a caller. */
export function requestClosure(test: TestApp, by: string | Caller) {
  const as = typeof by === 'string' ? { token: by } : by;
  return test.call({ method: 'POST', url: '/api/user/closure', as, payload: { confirm: true } });
}

/** POST /api/closure/cancel with a link token or a sign-in ticket. */
export function cancelClosure(test: TestApp, proof: { token?: string; ticket?: string }) {
  return test.call({ method: 'POST', url: '/api/closure/cancel', payload: proof });
}

/** Moves a closure's end into the past, as if its grace period had passed. */
export async function endGracePeriod(test: TestApp, userId: number) {
  const past = new Date(Date.now() - 60_000);
  await test.database.db
    .updateTable('account_closures')
    .set({ erase_after: past })
    .where('user_id', '=', userId)
    .where('cancelled_at', 'is', null)
    .execute();
  await test.database.db.updateTable('users').set({ closes_at: past }).where('id', '=', userId).execute();
}
