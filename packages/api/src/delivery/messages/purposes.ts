// Every message the portal sends has a purpose: its template (templates/), its i18n block (one per
// language, i18n/) and the values it needs (below). Adding a purpose is one line here, one
// template and one block per bundle; the render test then covers it in every language.

export type MfaMethodKind = 'sms' | 'email' | 'totp' | 'passkey';

interface CodeValues {
  /** The one-time code, shown large and alone so it copies without spaces. */
  code: string;
  minutes: number;
}

export interface PurposeValues {
  login_code: CodeValues;
  step_up_code: CodeValues;
  contact_verification: CodeValues;
  password_reset_code: CodeValues;
  /** afterReset: the recovery flow also logged every device out. */
  password_changed: { afterReset: boolean };
  /** contact: already masked by the caller (maskRecipient): the notice may reach an old address. */
  contact_added: { contact: string };
  contact_changed: { contact: string };
  contact_removed: { contact: string };
  primary_changed: { contact: string };
  login_changed: { contact: string };
  iban_changed: { last4: string };
  /** device: a description such as "Firefox on Linux"; at: when the login happened. */
  new_sign_in: { device: string; at: Date };
  mfa_method_added: { method: MfaMethodKind };
  mfa_method_removed: { method: MfaMethodKind };
  recovery_keys_regenerated: Record<string, never>;
  passkey_removed: Record<string, never>;
  /** code: formatted as typed; the link's path is built here, its origin from PUBLIC_URL. */
  invitation: { company: string; code: string; expiresAt: Date };
  signup_completed: Record<string, never>;
  /**
   * To the invited address when its invitation opened an account on another e-mail: contact is the
   * account's e-mail, masked; code opens the "this was not me" page that freezes that account.
   */
  invitation_used: { contact: string; notMeCode: string };
  merge_offered: { contact: string };
  merge_completed: { contact: string };
  merge_refused: { contact: string };
  app_approved: { app: string };
  /** The account's data was downloaded (GDPR Art. 15): who did it should know. */
  data_exported: Record<string, never>;
  /**
   * The account's closure started (decision 0079): expiresAt is when its data is erased, which is
   * also when the cancel link stops working; cancelToken goes into the link's fragment only.
   */
  account_closing: { expiresAt: Date; cancelToken: string };
  /** A company admin suspended (reason: what they told the person) or restored the access. */
  access_suspended: { company: string; reason: string };
  access_restored: { company: string };
  /** A staff role was granted (admin CLI): the link opens the administration console. */
  staff_enrolment: { role: string };
  /**
   * A password reset the support desk sent: the code, and the page that takes it (payload: the
   * challenge, in the link's query). E-mail only: an SMS carries no link.
   */
  staff_password_reset: CodeValues & { payload: string };
  /** Security approved an MFA reset support asked for: the user sets up two-step verification again. */
  mfa_reset: Record<string, never>;
}

export type Purpose = keyof PurposeValues;

/** Purposes whose message carries a one-time code (SMS: one segment, tested). */
export const CODE_PURPOSES = [
  'login_code',
  'step_up_code',
  'contact_verification',
  'password_reset_code',
] as const satisfies readonly Purpose[];

/** The code purpose of a code challenge (security/challenges): what the user is about to do. */
export function codePurposeOfChallenge(challengePurpose: string): (typeof CODE_PURPOSES)[number] {
  if (challengePurpose === 'login_code') return 'login_code';
  if (challengePurpose === 'sudo') return 'step_up_code';
  if (challengePurpose === 'password_reset') return 'password_reset_code';
  // activate, contact, login_change, onboarding_email/phone, fuzzion: proving an address.
  return 'contact_verification';
}
