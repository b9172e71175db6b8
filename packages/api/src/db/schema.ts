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
  /** Sealed with the secret box (0020_sealed_identifiers). */
  iban: string | null;
  country: string | null;
  locked_at: NullableTimestamp;
  created_at: CreatedAt;
  /** Digits only, sealed with the secret box (0003_recovery, 0020_sealed_identifiers). */
  national_register_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** Blind index of the national register number (0020_sealed_identifiers). */
  national_register_number_index: ColumnType<string | null, string | null | undefined, string | null>;
  /** While closing: when the data is erased (0029_account_closure). */
  closes_at: NullableTimestamp;
  /** Once erased: the row is a pseudonymous tombstone (0029_account_closure). */
  erased_at: NullableTimestamp;
  /** Whether the new-device sign-in e-mail goes out (0029_account_closure). */
  notify_new_device: Generated<boolean>;
  /** The customer company the account belongs to (0031_company_members); null for none. */
  company_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Folded "lastname firstname" and "firstname lastname", kept by a trigger (0026_administration). */
  search_name: ColumnType<string | null, never, never>;
  search_name_first: ColumnType<string | null, never, never>;
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
  sudo_until: NullableTimestamp;
  sudo_single: Generated<boolean>;
  /** 'authenticator': the grant serves only the authenticator's re-setup and keys (migration 0015). */
  sudo_scope: ColumnType<string | null, string | null | undefined, string | null>;
  /** The factor that gave the grant (0026_administration): staff changes need 'totp' or 'passkey'. */
  sudo_method: ColumnType<string | null, string | null | undefined, string | null>;
  client_id: string | null;
  /** The login that opened the session: the ID token's auth_time and amr (migration 0009). */
  authenticated_at: ColumnType<Date, Date | undefined, Date>;
  amr: JSONColumnType<string[], string | undefined, string>;
}

export type MfaMethodKind = 'sms' | 'email' | 'totp';

export interface MfaMethodsTable {
  id: Generated<number>;
  user_id: number;
  method: MfaMethodKind;
  target: string | null;
  secret_enc: string | null;
  last_totp_step: number | null;
  is_primary: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface TotpRecoveryKeysTable {
  id: Generated<number>;
  user_id: number;
  method_id: number;
  key_hash: string;
  /** The key id the hash was made under; null before 0020_sealed_identifiers. */
  key_id: ColumnType<string | null, string | null | undefined, string | null>;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export type ChallengeChannel = 'sms' | 'email' | 'totp' | 'totpRecovery';

export interface CodeChallengesTable {
  id: string;
  purpose: string;
  user_id: number | null;
  edition: string;
  channel: ChallengeChannel | null;
  target: string | null;
  method_id: number | null;
  parent_id: string | null;
  code_hash: string | null;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  last_sent_at: NullableTimestamp;
  resend_count: Generated<number>;
  session_id: number | null;
  device_id: string | null;
  data: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
}

export interface TrustedDevicesTable {
  id: Generated<number>;
  user_id: number;
  device_id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Timestamp;
  /** SHA-256 of the device secret in the trusted-device cookie; rotated at each use (0021). */
  secret_hash: string | null;
}

/** A WebAuthn credential of one edition (migration 0011, docs/decisions/0047). */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  edition: string;
  credential_id: string;
  public_key: string;
  user_handle: string;
  sign_count: ColumnType<number, number | undefined, number>;
  transports: JSONColumnType<string[], string | undefined, string>;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: boolean;
  aaguid: string | null;
  name: string;
  created_at: CreatedAt;
  last_used_at: NullableTimestamp;
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
  /** A staff action's actor ('user:<id>' or 'client:<id>') and role (0026_administration). */
  actor: ColumnType<string | null, string | null | undefined, string | null>;
  actor_role: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  edition: string;
  recipient: string;
  subject: string | null;
  /** What the message is for (delivery/messages/purposes.ts); null for rows older than 0014. */
  purpose: ColumnType<string | null, string | null | undefined, string | null>;
  /** Sealed with the secret box when body_sealed; null once delivered (decision 0017). */
  body_text: string | null;
  body_html: string | null;
  body_sealed: Generated<boolean>;
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

export type CardStatus = 'inactive' | 'active' | 'blocked' | 'expired' | 'held';

/** Card registry (0003_recovery; onboarding extends it). */
export interface CardsTable {
  id: Generated<number>;
  edition: string;
  /** Card number and holder's national register number, sealed; looked up by blind index (0020). */
  number: string;
  number_index: ColumnType<string | null, string | null | undefined, string | null>;
  user_id: number | null;
  holder_national_register_number: string | null;
  holder_nrn_index: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<CardStatus, CardStatus | undefined, CardStatus>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  // 0007_onboarding: issuer, holder, Luxembourg activation code (SHA-256), activation time.
  company_id: ColumnType<number | null, number | null | undefined, number | null>;
  activation_code_hash: ColumnType<string | null, string | null | undefined, string | null>;
  holder_firstname: ColumnType<string | null, string | null | undefined, string | null>;
  holder_lastname: ColumnType<string | null, string | null | undefined, string | null>;
  holder_birthdate: ColumnType<string | null, string | null | undefined, string | null>;
  activated_at: NullableTimestamp;
}

// 0026_administration: staff roles and MFA-reset requests.
export type StaffRoleName = 'support' | 'security' | 'operator' | 'company-admin';

export interface StaffRolesTable {
  id: Generated<number>;
  user_id: number;
  role: StaffRoleName;
  /** NULL: both editions. */
  edition: string | null;
  company_id: number | null;
  /** Who granted it: 'cli', 'seed', or an actor ('user:<id>'). */
  granted_by: string;
  created_at: CreatedAt;
}

export interface MfaResetRequestsTable {
  id: Generated<number>;
  user_id: number;
  edition: string;
  requested_by: string;
  identity_checked: JSONColumnType<Record<string, unknown>, string, string>;
  reason: string;
  ticket: string | null;
  status: Generated<'pending' | 'approved' | 'refused'>;
  decided_by: string | null;
  decision_reason: string | null;
  decision_ticket: string | null;
  created_at: CreatedAt;
  decided_at: NullableTimestamp;
}

// 0007_onboarding: companies, invitations, onboarding flows, consents.
export interface CompaniesTable {
  id: Generated<number>;
  edition: string;
  name: string;
  created_at: CreatedAt;
  /** 0031_company_members: given to every member (mfa_forced / mfa_customer). */
  mfa_policy: ColumnType<
    'none' | 'recommended' | 'required',
    'none' | 'recommended' | 'required' | undefined,
    'none' | 'recommended' | 'required'
  >;
}

export interface InvitationsTable {
  id: Generated<number>;
  edition: string;
  code_hash: string;
  email: string;
  company_id: number;
  firstname: string | null;
  lastname: string | null;
  language: Generated<string>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  user_id: number | null;
  created_at: CreatedAt;
  /** A company admin revoked it before it was used (0031_company_members). */
  revoked_at: NullableTimestamp;
}

/** The invitee's "this was not me" code and the account it freezes (migration 0021). */
export interface InviteeNotMeCodesTable {
  code_hash: string;
  invitation_id: number;
  user_id: number;
  edition: string;
  created_at: CreatedAt;
}

/** A single-use code that hands a login over in the URL hash (migration 0021). */
export interface HandoverCodesTable {
  code_hash: string;
  user_id: number;
  edition: string;
  client_id: string | null;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface OnboardingFlowsTable {
  id: string;
  edition: string;
  kind: 'card' | 'activation_code' | 'invitation';
  step: 'terms' | 'create' | 'email' | 'phone' | 'password' | 'done';
  device_id: string;
  language: string;
  card_id: number | null;
  invitation_id: number | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  email_verified_at: NullableTimestamp;
  phone: string | null;
  phone_verified_at: NullableTimestamp;
  terms_version: string | null;
  privacy_version: string | null;
  terms_language: string | null;
  terms_accepted_at: NullableTimestamp;
  marketing_email: Generated<boolean>;
  marketing_sms: Generated<boolean>;
  user_id: number | null;
  outcome: 'card_activated' | 'card_failed' | 'code_only' | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Timestamp;
  completed_at: NullableTimestamp;
}

export interface UserConsentsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'terms' | 'privacy' | 'marketing_email' | 'marketing_sms';
  granted: boolean;
  version: string | null;
  language: string | null;
  created_at: CreatedAt;
}

// 0004_oauth: third-party OAuth clients, oidc-provider artefacts, signing keys.
export interface OAuthClientsTable {
  client_id: string;
  edition: string | null;
  name: string;
  redirect_uris: JSONColumnType<string[], string, string>;
  scopes: JSONColumnType<string[], string, string>;
  homepage: string | null;
  confidential: boolean;
  secret_enc: string | null;
  auth_method: 'none' | 'client_secret_basic' | 'client_secret_post';
  first_party: Generated<boolean>;
  response_modes: JSONColumnType<string[], string | undefined, string>;
  post_logout_redirect_uris: JSONColumnType<string[], string | undefined, string>;
  backchannel_logout_uri: string | null;
  /** The signing algorithm of the client's ID and logout tokens (migration 0013). */
  id_token_signed_response_alg: ColumnType<IdTokenAlgorithm, IdTokenAlgorithm | undefined, IdTokenAlgorithm>;
  /** Set while an operator has the client disabled (migration 0032): refused everywhere. */
  disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** RS256 for every client unless registered for ES256 (docs/decisions/0042). */
export type IdTokenAlgorithm = 'RS256' | 'ES256';

/** An authorization server session (oidc-provider uid) riding on a portal session. */
export interface OAuthSessionLinksTable {
  session_uid: string;
  portal_session_id: number;
  issuer: string;
  created_at: CreatedAt;
}

export interface OAuthPayloadsTable {
  model: string;
  id: string;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  account_id: string | null;
  client_id: string | null;
  expires_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface OAuthKeysTable {
  kid: string;
  use: 'sig' | 'cookie';
  key_enc: string;
  created_at: CreatedAt;
  retired_at: NullableTimestamp;
}

// 0005_security: how far each user has read the notification area.
export interface SecurityNotificationReadsTable {
  user_id: number;
  last_read_event_id: number;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

// 0008_fuzzion: one merge offer between two accounts of an edition (docs/decisions/0012-fuzzion.md).
export type FuzzionStep =
  | 'code'
  | 'ownership'
  | 'decision'
  | 'reject'
  | 'merged'
  | 'refused'
  | 'ignored'
  | 'failed'
  | 'changed';

export interface FuzzionFlowsTable {
  id: string;
  edition: string;
  user_id: number;
  other_user_id: number;
  session_id: number;
  method: 'sms' | 'email';
  target: string;
  step: ColumnType<FuzzionStep, FuzzionStep | undefined, FuzzionStep>;
  other_fingerprint: string;
  failures: Generated<number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Timestamp;
  completed_at: NullableTimestamp;
}

export interface WebhookSubscriptionsTable {
  id: Generated<number>;
  url: string;
  description: Generated<string>;
  /** Null: the events of both editions. */
  edition: 'general' | 'lu' | null;
  event_types: string[];
  /** The `whsec_` secret, sealed with the secret box. */
  secret_sealed: string;
  secret_hash: string;
  previous_secret_sealed: string | null;
  previous_secret_until: NullableTimestamp;
  enabled: Generated<boolean>;
  disabled_reason: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  message_id: string;
  subscription_id: number;
  account_id: number;
  event_type: string;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  locked_until: NullableTimestamp;
  last_status: number | null;
  last_error: string | null;
  created_at: CreatedAt;
  delivered_at: NullableTimestamp;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: CreatedAt;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

/** A company's SCIM bearer token, kept as its SHA-256 (migration 0028). */
export interface ScimTokensTable {
  id: Generated<number>;
  company_id: number;
  token_hash: string;
  label: Generated<string>;
  created_by: string;
  created_at: CreatedAt;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/** A person a company provisioned through SCIM (migration 0028). */
export interface ScimUsersTable {
  id: string;
  company_id: number;
  edition: string;
  user_name: string;
  external_id: string | null;
  email: string;
  given_name: string | null;
  family_name: string | null;
  language: string | null;
  active: Generated<boolean>;
  invitation_id: number | null;
  locked_account: Generated<boolean>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface AccountClosuresTable {
  id: Generated<number>;
  user_id: number;
  requested_at: CreatedAt;
  erase_after: Timestamp;
  cancel_token_hash: string;
  requested_by: 'user' | 'staff';
  staff_actor: string | null;
  staff_role: string | null;
  reason: string | null;
  ticket: string | null;
  cancelled_at: NullableTimestamp;
  erased_at: NullableTimestamp;
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
  mfa_methods: MfaMethodsTable;
  totp_recovery_keys: TotpRecoveryKeysTable;
  code_challenges: CodeChallengesTable;
  trusted_devices: TrustedDevicesTable;
  cards: CardsTable;
  oauth_clients: OAuthClientsTable;
  oauth_payloads: OAuthPayloadsTable;
  oauth_keys: OAuthKeysTable;
  oauth_session_links: OAuthSessionLinksTable;
  security_notification_reads: SecurityNotificationReadsTable;
  companies: CompaniesTable;
  invitations: InvitationsTable;
  handover_codes: HandoverCodesTable;
  invitee_not_me_codes: InviteeNotMeCodesTable;
  onboarding_flows: OnboardingFlowsTable;
  user_consents: UserConsentsTable;
  fuzzion_flows: FuzzionFlowsTable;
  passkeys: PasskeysTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  scim_tokens: ScimTokensTable;
  scim_users: ScimUsersTable;
  account_closures: AccountClosuresTable;
  staff_roles: StaffRolesTable;
  mfa_reset_requests: MfaResetRequestsTable;
}
