import type { Db } from '../db/database';
import type { SecretBox } from '../security/secret-box';

// MFA-reset requests (mfa_reset_requests, 0026_administration): support asks after checking the
// caller's identity, security decides (decision 0076).

/**
 * Whether the card number and date of birth given on the phone match the account: a card of
 * theirs with that number (blind index), and the date of birth of the account or of that card.
 */
export async function identityMatches(
  db: Db,
  secrets: SecretBox,
  account: { id: number; edition: string; birthdate: string | null },
  pan: string,
  birthdate: string,
): Promise<boolean> {
  const card = await db
    .selectFrom('cards')
    .select('holder_birthdate')
    .where('edition', '=', account.edition)
    .where('user_id', '=', account.id)
    .where('number_index', 'in', secrets.blindIndexes('pan', pan))
    .executeTakeFirst();
  if (!card) return false;
  return account.birthdate === birthdate || card.holder_birthdate === birthdate;
}

export async function openMfaReset(
  db: Db,
  input: {
    userId: number;
    edition: string;
    requestedBy: string;
    checked: string[];
    reason: string;
    ticket: string | null;
  },
) {
  return db
    .insertInto('mfa_reset_requests')
    .values({
      user_id: input.userId,
      edition: input.edition,
      requested_by: input.requestedBy,
      identity_checked: JSON.stringify({ checked: input.checked, at: new Date().toISOString() }),
      reason: input.reason,
      ticket: input.ticket,
    })
    .returning(['id', 'status', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function pendingMfaResetOf(db: Db, userId: number) {
  return db
    .selectFrom('mfa_reset_requests')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** Requests of some editions and a status, newest first, with the account's name. */
export async function listMfaResets(db: Db, editions: readonly string[], status: string) {
  return db
    .selectFrom('mfa_reset_requests')
    .innerJoin('users', 'users.id', 'mfa_reset_requests.user_id')
    .select([
      'mfa_reset_requests.id',
      'mfa_reset_requests.user_id',
      'mfa_reset_requests.edition',
      'users.firstname',
      'users.lastname',
      'mfa_reset_requests.requested_by',
      'mfa_reset_requests.identity_checked',
      'mfa_reset_requests.reason',
      'mfa_reset_requests.ticket',
      'mfa_reset_requests.status',
      'mfa_reset_requests.decided_by',
      'mfa_reset_requests.decision_reason',
      'mfa_reset_requests.created_at',
      'mfa_reset_requests.decided_at',
    ])
    .where('mfa_reset_requests.edition', 'in', [...editions])
    .where('mfa_reset_requests.status', '=', status as 'pending')
    .orderBy('mfa_reset_requests.id', 'desc')
    .limit(100)
    .execute();
}

/** One request, locked for its decision (FOR UPDATE: two officers deciding at once wait in turn). */
export async function mfaResetForDecision(db: Db, id: number) {
  return db
    .selectFrom('mfa_reset_requests')
    .select(['id', 'user_id', 'edition', 'requested_by', 'status', 'reason'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function decideMfaReset(
  db: Db,
  id: number,
  decision: { status: 'approved' | 'refused'; decidedBy: string; reason: string; ticket: string | null },
) {
  await db
    .updateTable('mfa_reset_requests')
    .set({
      status: decision.status,
      decided_by: decision.decidedBy,
      decision_reason: decision.reason,
      decision_ticket: decision.ticket,
      decided_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Takes every second factor away: MFA methods (their recovery keys with them), passkeys, trusted
 * devices; and makes the next login set MFA up again (mfa_forced). Answers how many factors went.
 */
export async function removeEverySecondFactor(db: Db, userId: number): Promise<number> {
  await db.deleteFrom('totp_recovery_keys').where('user_id', '=', userId).execute();
  const methods = await db.deleteFrom('mfa_methods').where('user_id', '=', userId).executeTakeFirst();
  const passkeys = await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
  await db.deleteFrom('trusted_devices').where('user_id', '=', userId).execute();
  await db.updateTable('users').set({ mfa_forced: true }).where('id', '=', userId).execute();
  return Number(methods.numDeletedRows) + Number(passkeys.numDeletedRows);
}
