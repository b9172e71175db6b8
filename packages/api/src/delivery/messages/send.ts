import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { SecretBox } from '../../security/secret-box';
import { enqueueMessage } from '../outbox';
import type { Purpose, PurposeValues } from './purposes';
import { renderEmail, renderSms } from './render';

export interface MessageRecipient {
  channel: 'email' | 'sms';
  /** E-mail address, or phone number in E.164. */
  address: string;
}

export interface OutgoingMessage<P extends Purpose> {
  purpose: P;
  /** The account's edition: brand, sender, public origin of every link. */
  edition: string;
  /** The account's language (users.language). */
  locale: string;
  values: PurposeValues[P];
  /** Each address once; a change notice lists the old and the new address. */
  to: readonly (MessageRecipient | undefined | false | null)[];
}

/**
 * Renders a message of a purpose for each recipient and writes it to the outbox, in the caller's
 * transaction (pass the transaction of the change). The e-mail is rendered once for all e-mail
 * recipients (they share the account's language). Returns how many messages were written.
 */
export async function sendMessage<P extends Purpose>(
  db: Kysely<DB>,
  deps: {
    secrets: SecretBox;
    /** Public origin per edition (config.publicUrls): the base of every link. Never a request's Host. */
    publicUrls: Readonly<Partial<Record<string, string>>>;
  },
  message: OutgoingMessage<P>,
): Promise<number> {
  const seen = new Set<string>();
  const to = message.to.filter((r): r is MessageRecipient => {
    if (!r || seen.has(`${r.channel}:${r.address.toLowerCase()}`)) return false;
    seen.add(`${r.channel}:${r.address.toLowerCase()}`);
    return true;
  });
  if (to.length === 0) return 0;
  const publicOrigin = deps.publicUrls[message.edition];
  if (!publicOrigin) throw new Error(`no public origin configured for edition ${message.edition}`);
  const input = {
    purpose: message.purpose,
    edition: message.edition,
    locale: message.locale,
    values: message.values,
    publicOrigin,
  };
  const email = to.some((r) => r.channel === 'email') ? await renderEmail(input) : undefined;
  const sms = to.some((r) => r.channel === 'sms') ? renderSms(input) : undefined;
  for (const recipient of to) {
    const body =
      recipient.channel === 'email'
        ? { subject: email!.subject, bodyText: email!.bodyText, bodyHtml: email!.bodyHtml }
        : { bodyText: sms!.bodyText };
    await enqueueMessage(db, deps.secrets, {
      purpose: message.purpose,
      channel: recipient.channel,
      edition: message.edition,
      recipient: recipient.address,
      ...body,
    });
  }
  return to.length;
}
