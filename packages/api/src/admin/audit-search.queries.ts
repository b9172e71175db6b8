import type { AuditQuery } from '@vestibule/contract/schemas/admin';
import type { Db } from '../db/database';

// Audit search across accounts for security (decision 0076): newest first by keyset on id, each
// filter on a column with an index behind it where the filter narrows most (account: the
// audit_events_user_id index; staff member: audit_events_actor).

export interface AuditRow {
  id: number;
  created_at: Date;
  edition: string;
  user_id: number | null;
  kind: string;
  ip: string | null;
  device_id: string | null;
  actor: string | null;
  actor_role: string | null;
  detail: Record<string, unknown>;
}

/** The next day's midnight (UTC) of a YYYY-MM-DD date: `to` includes its whole day. */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

export async function searchAudit(
  db: Db,
  editions: readonly string[],
  filters: Omit<AuditQuery, 'cursor'>,
  limit: number,
  beforeId: number | undefined,
): Promise<AuditRow[]> {
  let query = db
    .selectFrom('audit_events')
    .select([
      'id',
      'created_at',
      'edition',
      'user_id',
      'kind',
      'ip',
      'device_id',
      'actor',
      'actor_role',
      'detail',
    ])
    .where('edition', 'in', [...editions]);
  if (filters.edition) query = query.where('edition', '=', filters.edition);
  if (filters.account) query = query.where('user_id', '=', filters.account);
  if (filters.kind)
    query = query.where(
      'kind',
      filters.kind.endsWith('.') ? 'like' : '=',
      filters.kind.endsWith('.') ? `${filters.kind}%` : filters.kind,
    );
  if (filters.actor) query = query.where('actor', '=', filters.actor);
  if (filters.ip) query = query.where('ip', '=', filters.ip);
  if (filters.from) query = query.where('created_at', '>=', new Date(`${filters.from}T00:00:00Z`));
  if (filters.to) query = query.where('created_at', '<', dayAfter(filters.to));
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  return (await query.orderBy('id', 'desc').limit(limit).execute()) as AuditRow[];
}
