import { createHash, randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { FuzzionFlowsTable, FuzzionStep } from '../../db/schema';

// Persistence of a merge offer (0008_fuzzion). The row is the flow: whose it is, which account it
// would absorb, the contested contact, the step reached and a digest of the other account.

export type FuzzionFlow = Selectable<FuzzionFlowsTable>;

/** A merge offer lives 30 minutes: enough for the code and the questions, short for a stale tab. */
export const FUZZION_TTL_SECONDS = 30 * 60;
/** Wrong codes and wrong proofs (card, password) together; the next failure ends the flow. */
export const FUZZION_MAX_FAILURES = 5;
/** The steps where the flow still waits for the user. */
export const OPEN_STEPS: readonly FuzzionStep[] = ['code', 'ownership', 'decision', 'reject'];

/**
 * Digest of what makes the other account what it is (password, lock, contacts, MFA methods, area
 * identifiers): if it differs when the user answers, the other account changed meanwhile and
 * the offer is void.
 */
export async function accountFingerprint(db: Db, userId: number): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['password_hash', 'locked_at', 'user_id', 'customer_user_id', 'fridom_user_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const emails = await db
    .selectFrom('user_emails')
    .select('address')
    .where('user_id', '=', userId)
    .orderBy('address')
    .execute();
  const phones = await db
    .selectFrom('user_phones')
    .select('number')
    .where('user_id', '=', userId)
    .orderBy('number')
    .execute();
  const methods = await db
    .selectFrom('mfa_methods')
    .select(['id', 'method', 'target'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const state = JSON.stringify({
    user: user
      ? { ...user, locked_at: user.locked_at ? new Date(user.locked_at).toISOString() : null }
      : null,
    emails: emails.map((e) => e.address),
    phones: phones.map((p) => p.number),
    methods,
  });
  return createHash('sha256').update(state).digest('hex');
}

export async function createFuzzionFlow(
  db: Db,
  input: {
    edition: string;
    userId: number;
    otherUserId: number;
    sessionId: number;
    method: 'sms' | 'email';
    target: string;
  },
): Promise<FuzzionFlow> {
  return db
    .insertInto('fuzzion_flows')
    .values({
      id: randomUUID(),
      edition: input.edition,
      user_id: input.userId,
      other_user_id: input.otherUserId,
      session_id: input.sessionId,
      method: input.method,
      target: input.target,
      other_fingerprint: await accountFingerprint(db, input.otherUserId),
      expires_at: new Date(Date.now() + FUZZION_TTL_SECONDS * 1000),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findFuzzionFlow(db: Db, id: string, options: { forUpdate?: boolean } = {}) {
  let query = db.selectFrom('fuzzion_flows').selectAll().where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function setFuzzionStep(db: Db, id: string, step: FuzzionStep): Promise<void> {
  const done = !OPEN_STEPS.includes(step);
  await db
    .updateTable('fuzzion_flows')
    .set({ step, updated_at: new Date(), ...(done ? { completed_at: new Date() } : {}) })
    .where('id', '=', id)
    .execute();
}

/** Counts a wrong code or proof; the flow fails when the budget is spent. */
export async function countFuzzionFailure(db: Db, flow: FuzzionFlow): Promise<void> {
  const failures = flow.failures + 1;
  await db
    .updateTable('fuzzion_flows')
    .set({
      failures,
      updated_at: new Date(),
      ...(failures >= FUZZION_MAX_FAILURES ? { step: 'failed' as const, completed_at: new Date() } : {}),
    })
    .where('id', '=', flow.id)
    .execute();
}
