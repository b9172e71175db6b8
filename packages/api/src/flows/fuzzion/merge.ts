import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { FuzzionFlow } from './fuzzion.queries';

// The merge itself: every statement runs in the caller's transaction, so the two accounts end
// either as they were or merged, never half (docs/decisions/0012-fuzzion.md).

/** Contacts move to the survivor as secondary ones: its primaries stay. */
async function moveContacts(trx: Db, from: number, to: number): Promise<void> {
  await trx
    .updateTable('user_emails')
    .set({ user_id: to, is_default: false })
    .where('user_id', '=', from)
    .execute();
  await trx
    .updateTable('user_phones')
    .set({ user_id: to, is_default: false })
    .where('user_id', '=', from)
    .execute();
}

/**
 * MFA methods move (never primary). The survivor keeps its own authenticator if it has one; the
 * other's is then dropped with its recovery keys (one authenticator per account).
 */
async function moveMfaMethods(trx: Db, from: number, to: number): Promise<void> {
  const survivorTotp = await trx
    .selectFrom('mfa_methods')
    .select('id')
    .where('user_id', '=', to)
    .where('method', '=', 'totp')
    .executeTakeFirst();
  if (survivorTotp) {
    await trx.deleteFrom('totp_recovery_keys').where('user_id', '=', from).execute();
    await trx.deleteFrom('mfa_methods').where('user_id', '=', from).where('method', '=', 'totp').execute();
  }
  await trx.updateTable('totp_recovery_keys').set({ user_id: to }).where('user_id', '=', from).execute();
  await trx
    .updateTable('mfa_methods')
    .set({ user_id: to, is_primary: false, updated_at: new Date() })
    .where('user_id', '=', from)
    .execute();
  // An account that had no method gets the moved ones: one of them must be primary.
  const primary = await trx
    .selectFrom('mfa_methods')
    .select('id')
    .where('user_id', '=', to)
    .where('is_primary', '=', true)
    .executeTakeFirst();
  if (!primary) {
    const first = await trx
      .selectFrom('mfa_methods')
      .select('id')
      .where('user_id', '=', to)
      .orderBy(sql`CASE method WHEN 'sms' THEN 0 WHEN 'email' THEN 1 ELSE 2 END`)
      .orderBy('id')
      .executeTakeFirst();
    if (first)
      await trx.updateTable('mfa_methods').set({ is_primary: true }).where('id', '=', first.id).execute();
  }
}

/**
 * Area identifiers move where the survivor has none; where both have one the survivor's stays
 * and the other's is answered for the audit row.
 */
async function moveAreaIdentifiers(trx: Db, from: number, to: number) {
  const [survivor, other] = await Promise.all(
    [to, from].map((id) =>
      trx
        .selectFrom('users')
        .select(['user_id', 'customer_user_id', 'fridom_user_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ),
  );
  if (!survivor || !other) throw new Error('merge: account vanished');
  const keys = ['user_id', 'customer_user_id', 'fridom_user_id'] as const;
  const moved: Record<string, string | null> = {};
  const kept: Record<string, string> = {};
  for (const key of keys) {
    if (other[key] && !survivor[key]) moved[key] = other[key];
    else if (other[key] && survivor[key] !== other[key]) kept[key] = other[key] as string;
  }
  // The other account gives its identifiers up first: an area identifier belongs to one account.
  await trx
    .updateTable('users')
    .set({ user_id: null, customer_user_id: null, fridom_user_id: null })
    .where('id', '=', from)
    .execute();
  if (Object.keys(moved).length) await trx.updateTable('users').set(moved).where('id', '=', to).execute();
  return { moved: Object.keys(moved), unmerged: kept };
}

/** Cards, consents and third-party grants follow the person to the survivor. */
async function moveHoldings(trx: Db, from: number, to: number): Promise<void> {
  await trx
    .updateTable('cards')
    .set({ user_id: to, updated_at: new Date() })
    .where('user_id', '=', from)
    .execute();
  await trx.updateTable('user_consents').set({ user_id: to }).where('user_id', '=', from).execute();
  await trx
    .updateTable('oauth_payloads')
    .set({
      account_id: String(to),
      payload: sql`jsonb_set(payload, '{accountId}', to_jsonb(${String(to)}::text))`,
    })
    .where('model', '=', 'Grant')
    .where('account_id', '=', String(from))
    .execute();
  // Tokens issued to the closed account end with it (the grants above carry the consent).
  await trx
    .deleteFrom('oauth_payloads')
    .where('model', '!=', 'Grant')
    .where('account_id', '=', String(from))
    .execute();
}

/** The other account is closed: no password, locked, no session, no trusted device. */
async function closeAccount(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
  await trx.deleteFrom('trusted_devices').where('user_id', '=', id).execute();
  await trx
    .updateTable('users')
    .set({ password_hash: null, locked_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * Merges the other account of the flow into the signed-in one. The survivor's password stays the
 * only one: it now opens every moved e-mail and phone. Answers what the audit rows record.
 */
export async function mergeAccounts(trx: Db, flow: FuzzionFlow) {
  const from = flow.other_user_id;
  const to = flow.user_id;
  const hadMethods =
    (await trx.selectFrom('mfa_methods').select('id').where('user_id', '=', to).executeTakeFirst()) !==
    undefined;
  await moveContacts(trx, from, to);
  await moveMfaMethods(trx, from, to);
  const areas = await moveAreaIdentifiers(trx, from, to);
  await moveHoldings(trx, from, to);
  await closeAccount(trx, from);
  return { hadMethods, areas };
}

/**
 * Refusal: the contested contact (the "similar username") leaves the other account with the MFA
 * methods that used it, and becomes a verified contact of the signed-in account, which proved it.
 */
export async function removeSimilarUsername(trx: Db, flow: FuzzionFlow): Promise<void> {
  const from = flow.other_user_id;
  if (flow.method === 'email') {
    const removed = await trx
      .deleteFrom('user_emails')
      .where('user_id', '=', from)
      .where('address', '=', flow.target)
      .returning('is_default')
      .executeTakeFirst();
    if (removed?.is_default) {
      const next = await trx
        .selectFrom('user_emails')
        .select('id')
        .where('user_id', '=', from)
        .orderBy('id')
        .executeTakeFirst();
      if (next)
        await trx.updateTable('user_emails').set({ is_default: true }).where('id', '=', next.id).execute();
    }
  } else {
    const removed = await trx
      .deleteFrom('user_phones')
      .where('user_id', '=', from)
      .where('number', '=', flow.target)
      .returning('is_default')
      .executeTakeFirst();
    if (removed?.is_default) {
      const next = await trx
        .selectFrom('user_phones')
        .select('id')
        .where('user_id', '=', from)
        .orderBy('id')
        .executeTakeFirst();
      if (next)
        await trx.updateTable('user_phones').set({ is_default: true }).where('id', '=', next.id).execute();
    }
  }
  const methods = await trx
    .deleteFrom('mfa_methods')
    .where('user_id', '=', from)
    .where('method', '=', flow.method)
    .where('target', '=', flow.target)
    .returning('is_primary')
    .execute();
  if (methods.some((m) => m.is_primary)) {
    const next = await trx
      .selectFrom('mfa_methods')
      .select('id')
      .where('user_id', '=', from)
      .orderBy('id')
      .executeTakeFirst();
    if (next)
      await trx.updateTable('mfa_methods').set({ is_primary: true }).where('id', '=', next.id).execute();
  }
}
