import type { ColumnType, Generated, JSONColumnType } from 'kysely';

// Table types for Kysely, matching db/migrations. Keep in step with every new migration.

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: Generated<number>;
  edition: string;
  firstname: string | null;
  lastname: string | null;
  gender: 'female' | 'male' | 'other' | null;
  birthdate: string | null;
  language: Generated<string>;
  password_hash: string | null;
  password_status: Generated<number>;
  last_password_change: NullableTimestamp;
  mfa_forced: Generated<boolean>;
  mfa_customer: Generated<boolean>;
  user_id: string | null;
  customer_user_id: string | null;
  fridom_user_id: string | null;
  iban: string | null;
  country: string | null;
  locked_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface UserEmailsTable {
  id: Generated<number>;
  user_id: number;
  edition: string;
  address: string;
  is_default: Generated<boolean>;
  verified_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface UserPhonesTable {
  id: Generated<number>;
  user_id: number;
  edition: string;
  number: string;
  is_default: Generated<boolean>;
  verified_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  device_id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: CreatedAt;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Timestamp;
}

export interface AuditEventsTable {
  id: Generated<number>;
  user_id: number | null;
  edition: string;
  kind: string;
  detail: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  ip: string | null;
  device_id: string | null;
  created_at: CreatedAt;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  edition: string;
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  locked_until: NullableTimestamp;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: NullableTimestamp;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

export interface SettingsTable {
  key: string;
  value: JSONColumnType<Record<string, unknown>, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface DB {
  users: UsersTable;
  user_emails: UserEmailsTable;
  user_phones: UserPhonesTable;
  sessions: SessionsTable;
  audit_events: AuditEventsTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  settings: SettingsTable;
}
