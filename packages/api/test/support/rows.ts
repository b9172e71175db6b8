import type { Db } from '../../src/db/database';

type AccountTable =
  | 'sessions'
  | 'mfa_methods'
  | 'user_emails'
  | 'user_phones'
  | 'totp_recovery_keys'
  | 'passkeys';

/** How many rows of an account a table holds (its sessions, MFA methods, e-mails ...). */
export async function countRows(db: Db, table: AccountTable, userId: number): Promise<number> {
  const rows = await db.selectFrom(table).select('id').where('user_id', '=', userId).execute();
  return rows.length;
}

/** An account's audit events of one kind (a `%` in it matches as in SQL LIKE), oldest first. */
export function auditEvents(db: Db, userId: number, kind: string) {
  return auditQuery(db, userId, kind).execute();
}

/** The oldest audit event of an account of one kind; throws when there is none. */
export function auditEvent(db: Db, userId: number, kind: string) {
  return auditQuery(db, userId, kind).executeTakeFirstOrThrow();
}

function auditQuery(db: Db, userId: number, kind: string) {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', kind.includes('%') ? 'like' : '=', kind)
    .orderBy('id');
}

/** The kinds of all an account's audit events, oldest first. */
export async function auditKinds(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('audit_events')
    .select('kind')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.kind);
}
