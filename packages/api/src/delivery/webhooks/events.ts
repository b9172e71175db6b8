/**
 * The events a webhook subscription can take, each with what it means. The database trigger of
 * migration 0025 maps audit kinds to these names; a test holds the two lists together.
 */
export const WEBHOOK_EVENTS = {
  'user.created': 'An account was opened (sign-up from a card, an activation code or an invitation).',
  'user.updated': 'Personal details or the login e-mail changed; `data.fields` names the details.',
  'user.locked': 'The account was locked.',
  'user.unlocked': 'The account was unlocked.',
  'user.deleted': 'The account was erased.',
  'password.changed': 'The password was changed or reset; `data.reason` says how.',
  'mfa.enabled': 'A two-step verification method or a passkey was added; `data.method` names its kind.',
  'mfa.disabled': 'A two-step verification method or a passkey was removed.',
  'mfa.reset': 'Support reset the two-step verification of the account.',
  'contact.added': 'An e-mail address or phone number was added; `data.kind` says which.',
  'contact.removed': 'An e-mail address or phone number was removed.',
  'iban.changed': 'The IBAN was set or changed (never sent: only that it changed).',
  'session.revoked': 'One session or all sessions were ended.',
  'account.merged': 'A duplicate account was merged into this one; `data.into` is the account kept.',
  'consent.granted': 'A third-party application was approved; `data.client_id` and `data.scopes`.',
  'consent.revoked': "A third-party application's access was revoked; `data.client_id`.",
  'card.activated': 'A card was activated; `data.card_id`.',
  'invitation.accepted': "A company's invitation was used to open an account.",
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;

export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];

export function isWebhookEventType(value: string): value is WebhookEventType {
  return Object.hasOwn(WEBHOOK_EVENTS, value);
}
